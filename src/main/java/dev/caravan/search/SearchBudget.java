package dev.caravan.search;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.model.AtomicFiles;
import dev.caravan.model.LogText;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What searching may spend: search calls and credits per job, credits per day (Tavily's advanced depth costs 2). The
 * day's credit count is kept in a small file under the output folder, written atomically, so it survives a restart.
 * A count that cannot be trusted (unreadable, truncated, negative, absurd, from a future day) never gives the day its
 * budget back by itself: the file is kept aside as {@code <name>.corrupt-<stamp>}, a warning says so, and the day
 * counts as spent unless the operator chose {@link OnCorruptFile#RESET}. Sums are checked, so no count wraps around.
 * Thread-safe.
 */
public class SearchBudget {

    /** The highest daily credit budget that may be configured; a saved count above it is not a real count. */
    public static final int MAX_CREDITS_PER_DAY = 100_000_000;

    /** The largest credit file read; the real one is about 40 bytes. */
    static final long MAX_FILE_BYTES = 4096;

    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

    /** What a damaged credit file means for the day ({@code research.budget.credits-on-corrupt-file}). */
    public enum OnCorruptFile {
        /** The day counts as spent: no search that costs credits until 00:00 UTC (fails closed; the default). */
        SPENT,
        /** The day counts from 0, as if nothing had been spent yet. */
        RESET
    }

    /** The limits; a job may lower the per-job ones. */
    public record Limits(int searchCallsPerJob, int creditsPerJob, int creditsPerDay, int pagesPerJob) {

        /** Limits with no page budget to speak of. */
        public Limits(int searchCallsPerJob, int creditsPerJob, int creditsPerDay) {
            this(searchCallsPerJob, creditsPerJob, creditsPerDay, Integer.MAX_VALUE);
        }
    }

    private final Limits limits;
    private final Path dailyFile;
    private final OnCorruptFile onCorrupt;
    private final Clock clock;
    private LocalDate day;
    private int usedToday;
    /** Why today counts as spent though nobody spent it (a damaged file), or null. */
    private @Nullable String spentBecause;

    private @Nullable String startupWarning;

    /** A budget that counts a day with a damaged credit file as spent. */
    public SearchBudget(Limits limits, Path dailyFile, Clock clock) {
        this(limits, dailyFile, OnCorruptFile.SPENT, clock);
    }

    public SearchBudget(Limits limits, Path dailyFile, OnCorruptFile onCorrupt, Clock clock) {
        this.limits = limits;
        this.dailyFile = dailyFile;
        this.onCorrupt = onCorrupt;
        this.clock = clock;
        load();
    }

    /** What was wrong with the credit file at startup and what was done about it, for the log; empty if nothing. */
    public synchronized Optional<String> startupWarning() {
        return Optional.ofNullable(startupWarning);
    }

    /** A fresh budget for one run of a job: the configured limits, or the job's own when they are lower. */
    public Job forJob(dev.caravan.model.Job job) {
        dev.caravan.model.Job.Limits own = job == null ? dev.caravan.model.Job.Limits.NONE : job.limits();
        return new Job(
                lower(limits.searchCallsPerJob(), own.searchCalls()),
                lower(limits.creditsPerJob(), own.credits()),
                lower(limits.pagesPerJob(), own.pages()));
    }

    private static int lower(int configured, Integer own) {
        return own == null ? configured : Math.min(configured, own);
    }

    /** Credits spent today (UTC), as the file says. */
    public synchronized int usedToday() {
        rollOver();
        return usedToday;
    }

    /** Takes {@code credits} from today's budget, or says why not. */
    synchronized Optional<String> spendToday(int credits) {
        if (credits < 0) throw new IllegalArgumentException("a search cannot cost " + credits + " credits");
        rollOver();
        if ((long) usedToday + credits > limits.creditsPerDay()) {
            if (spentBecause != null) return Optional.of(spentBecause);
            return Optional.of("not searched: the daily budget of "
                    + LogText.count(limits.creditsPerDay(), "search credit", "search credits")
                    + " was reached (research.budget.credits-per-day; it starts again at 00:00 UTC)");
        }
        usedToday = Math.addExact(usedToday, credits);
        save();
        return Optional.empty();
    }

    private void save() {
        AtomicFiles.write(dailyFile, "{\"day\":\"" + day + "\",\"credits\":" + usedToday + "}\n");
    }

    private void rollOver() {
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        if (!today.equals(day)) {
            day = today;
            usedToday = 0;
            spentBecause = null;
        }
    }

    private synchronized void load() {
        day = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        usedToday = 0;
        if (!Files.exists(dailyFile, LinkOption.NOFOLLOW_LINKS)) return;
        String problem;
        try {
            problem = read();
        } catch (IOException | RuntimeException e) {
            problem = "could not be read (" + e.getMessage() + ")";
        }
        if (problem != null) damaged(problem);
    }

    /** Reads the saved count into {@code usedToday}; returns what is wrong with the file, or null. */
    private @Nullable String read() throws IOException {
        if (!Files.isRegularFile(dailyFile, LinkOption.NOFOLLOW_LINKS)) return "is not a regular file";
        long size = Files.size(dailyFile);
        if (size == 0) return "is empty";
        if (size > MAX_FILE_BYTES) return "is " + size + " bytes long (at most " + MAX_FILE_BYTES + " expected)";
        JsonNode saved;
        try {
            saved = JSON.readTree(Files.readAllBytes(dailyFile));
        } catch (JsonProcessingException e) {
            return "is not the JSON Caravan writes (" + e.getOriginalMessage() + ")";
        }
        if (saved == null || !saved.isObject()) return "is not a JSON object";
        LocalDate savedDay;
        try {
            savedDay = LocalDate.parse(saved.path("day").asText(""));
        } catch (DateTimeParseException e) {
            return "has no valid \"day\"";
        }
        if (savedDay.isAfter(day)) return "is dated " + savedDay + ", after today (" + day + ")";
        JsonNode credits = saved.path("credits");
        if (!credits.isIntegralNumber() || !credits.canConvertToInt()) return "has no whole number of \"credits\"";
        int count = credits.intValue();
        if (count < 0 || count > MAX_CREDITS_PER_DAY) {
            return "says " + count + " credits, outside 0 to " + MAX_CREDITS_PER_DAY;
        }
        if (savedDay.equals(day)) usedToday = count;
        return null;
    }

    /** Keeps a damaged file aside and counts the day as the operator chose. */
    private void damaged(String problem) {
        String name = dailyFile.getFileName().toString();
        String kept;
        boolean movedAside;
        try {
            kept = keepAside().getFileName().toString();
            movedAside = true;
        } catch (IOException e) {
            kept = "could not be moved aside: " + e.getMessage();
            movedAside = false;
        }
        String keptText = movedAside ? "kept as " + kept : kept;
        String fix =
                "research.budget.credits-on-corrupt-file = " + onCorrupt.name().toLowerCase(Locale.ROOT);
        if (onCorrupt == OnCorruptFile.RESET) {
            usedToday = 0;
            startupWarning = "the day's search credit count " + name + " " + problem + "; " + keptText
                    + "; today's credits are counted from 0 (" + fix + ")";
            return;
        }
        usedToday = limits.creditsPerDay();
        spentBecause = "not searched: the day's search credit count " + name + " " + problem + " (" + keptText
                + "), so today counts as spent until 00:00 UTC (" + fix + "; set it to reset to count from 0)";
        startupWarning = "the day's search credit count " + name + " " + problem + "; " + keptText
                + "; today counts as spent: no search that costs credits until 00:00 UTC (" + fix
                + "; set it to reset to count from 0)";
        if (movedAside) save(); // so a restart today finds the day spent, not a missing file
    }

    private Path keepAside() throws IOException {
        String base = dailyFile.getFileName() + ".corrupt-" + STAMP.format(clock.instant());
        for (int n = 1; ; n++) {
            Path target = dailyFile.resolveSibling(n == 1 ? base : base + "-" + n);
            try {
                return Files.move(dailyFile, target);
            } catch (FileAlreadyExistsException e) {
                if (n >= 100) throw e;
            }
        }
    }

    /** One job run's spending. Thread-safe. */
    public final class Job {

        private final int maxCalls;
        private final int maxCredits;
        private final int maxPages;
        private int calls;
        private int credits;
        private int pages;

        Job(int maxCalls, int maxCredits, int maxPages) {
            this.maxCalls = maxCalls;
            this.maxCredits = maxCredits;
            this.maxPages = maxPages;
        }

        /** Takes one page fetch (pages reused from the cache are free), or says that the budget is reached. */
        public Optional<String> takePage() {
            synchronized (SearchBudget.this) {
                if ((long) pages + 1 > maxPages) {
                    return Optional.of("not fetched: the budget of " + LogText.count(maxPages, "page", "pages")
                            + " for this job was reached");
                }
                pages++;
                return Optional.empty();
            }
        }

        /** Takes one call costing {@code cost} credits, or says which budget is reached. */
        public Optional<String> spend(int cost) {
            synchronized (SearchBudget.this) {
                if ((long) calls + 1 > maxCalls) {
                    return Optional.of("not searched: the budget of "
                            + LogText.count(maxCalls, "search call", "search calls") + " for this job was reached");
                }
                if ((long) credits + cost > maxCredits) {
                    return Optional.of("not searched: the budget of "
                            + LogText.count(maxCredits, "search credit", "search credits")
                            + " for this job was reached");
                }
                Optional<String> daily = spendToday(cost);
                if (daily.isPresent()) return daily;
                calls++;
                credits += cost;
                return Optional.empty();
            }
        }

        public int calls() {
            synchronized (SearchBudget.this) {
                return calls;
            }
        }
    }
}
