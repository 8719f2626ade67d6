package dev.caravan.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.model.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * What searching may spend: search calls and credits per job, credits per day (Tavily's advanced depth costs 2). The
 * day's credit count is kept in a small file under the output folder, written atomically, so it survives a restart.
 * Thread-safe.
 */
public class SearchBudget {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The limits; a job may lower the per-job ones. */
    public record Limits(int searchCallsPerJob, int creditsPerJob, int creditsPerDay, int pagesPerJob) {

        /** Limits with no page budget to speak of. */
        public Limits(int searchCallsPerJob, int creditsPerJob, int creditsPerDay) {
            this(searchCallsPerJob, creditsPerJob, creditsPerDay, Integer.MAX_VALUE);
        }
    }

    private final Limits limits;
    private final Path dailyFile;
    private final Clock clock;
    private LocalDate day;
    private int usedToday;

    public SearchBudget(Limits limits, Path dailyFile, Clock clock) {
        this.limits = limits;
        this.dailyFile = dailyFile;
        this.clock = clock;
        load();
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
        rollOver();
        if (usedToday + credits > limits.creditsPerDay()) {
            return Optional.of("not searched: the daily budget of " + limits.creditsPerDay()
                    + " search credits was reached (research.budget.credits-per-day; it starts again at 00:00 UTC)");
        }
        usedToday += credits;
        AtomicFiles.write(dailyFile, "{\"day\":\"" + day + "\",\"credits\":" + usedToday + "}\n");
        return Optional.empty();
    }

    private void rollOver() {
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        if (!today.equals(day)) {
            day = today;
            usedToday = 0;
        }
    }

    private synchronized void load() {
        day = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        usedToday = 0;
        if (!Files.isRegularFile(dailyFile)) return;
        try {
            JsonNode saved = JSON.readTree(dailyFile.toFile());
            if (day.toString().equals(saved.path("day").asText()))
                usedToday = Math.max(0, saved.path("credits").asInt(0));
        } catch (IOException e) {
            usedToday = 0; // an unreadable count starts again from zero; the next spend rewrites it
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
                if (pages + 1 > maxPages) {
                    return Optional.of("not fetched: the budget of " + maxPages + " pages for this job was reached");
                }
                pages++;
                return Optional.empty();
            }
        }

        /** Takes one call costing {@code cost} credits, or says which budget is reached. */
        public Optional<String> spend(int cost) {
            synchronized (SearchBudget.this) {
                if (calls + 1 > maxCalls) {
                    return Optional.of(
                            "not searched: the budget of " + maxCalls + " search calls for this job was reached");
                }
                if (credits + cost > maxCredits) {
                    return Optional.of(
                            "not searched: the budget of " + maxCredits + " search credits for this job was reached");
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
