package dev.caravan.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Counts that are kept per day (UTC) in a small JSON file, {@code {"day":"2025-06-01","credits":5}}, written atomically
 * on every change, so a restart does not give the day its budget back: the day's search credits, the day's model calls
 * and tokens. Each count has a daily limit.
 *
 * <p>A file that cannot be trusted (unreadable, truncated, a count missing, negative or above {@code maxCount}, a day
 * in the future) never gives the day its budget back by itself: it is kept aside as {@code <name>.corrupt-<stamp>},
 * and the day counts as spent (every count at its limit) unless the operator chose {@link OnCorruptFile#RESET}. The
 * owner words the warning ({@link #damage()}). Sums are checked, so no count wraps around. Thread-safe.
 */
public final class DailyCounts {

    /** The largest file read; the real one is under 100 bytes. */
    static final long MAX_FILE_BYTES = 4096;

    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

    /** What a damaged file means for the day. */
    public enum OnCorruptFile {
        /** The day counts as spent: every count at its limit until 00:00 UTC (fails closed; the default). */
        SPENT,
        /** The day counts from 0, as if nothing had been spent yet. */
        RESET
    }

    /**
     * What was wrong with the file at startup and what was done with it.
     *
     * @param file the file's name
     * @param problem what is wrong with it, e.g. {@code is empty}
     * @param kept {@code kept as <name>} or {@code could not be moved aside: <why>}
     * @param onCorrupt what the day counts as
     */
    public record Damage(String file, String problem, String kept, OnCorruptFile onCorrupt) {}

    private final Path file;
    private final Map<String, Long> limits;
    private final long maxCount;
    private final OnCorruptFile onCorrupt;
    private final Clock clock;
    private final Map<String, Long> counts = new LinkedHashMap<>();
    private LocalDate day;
    /** Why today counts as spent though nobody spent it (a damaged file), or null. */
    private @Nullable Damage spentBecause;

    private @Nullable Damage startupDamage;

    /**
     * Reads the file now.
     *
     * @param limits each count's name and daily limit, in the order they are written
     * @param maxCount the highest count a sound file may hold
     */
    public DailyCounts(Path file, Map<String, Long> limits, long maxCount, OnCorruptFile onCorrupt, Clock clock) {
        this.file = file;
        this.limits = new LinkedHashMap<>(limits);
        this.maxCount = maxCount;
        this.onCorrupt = onCorrupt;
        this.clock = clock;
        load();
    }

    /** What was wrong with the file at startup, if anything. */
    public synchronized Optional<Damage> startupDamage() {
        return Optional.ofNullable(startupDamage);
    }

    /** While today counts as spent because the file was damaged: what was wrong with it. */
    public synchronized Optional<Damage> damage() {
        rollOver();
        return Optional.ofNullable(spentBecause);
    }

    /** Today's count of {@code name}. */
    public synchronized long today(String name) {
        rollOver();
        return counts.getOrDefault(name, 0L);
    }

    /**
     * Adds {@code amounts} to today's counts when none of them goes over its daily limit, and saves them.
     *
     * @return the name of the first count that would go over its limit (nothing is added then), or empty
     */
    public synchronized Optional<String> add(Map<String, Long> amounts) {
        rollOver();
        for (Map.Entry<String, Long> a : amounts.entrySet()) {
            if (a.getValue() < 0) throw new IllegalArgumentException("cannot add " + a.getValue() + " " + a.getKey());
            long now = counts.getOrDefault(a.getKey(), 0L);
            if (now + a.getValue() > limits.getOrDefault(a.getKey(), 0L)) return Optional.of(a.getKey());
        }
        amounts.forEach((name, amount) -> counts.merge(name, amount, Math::addExact));
        save();
        return Optional.empty();
    }

    /**
     * Adds {@code amounts} that were already spent (what a call used, known only after it), whatever the limits say;
     * a count never goes past {@code maxCount}.
     */
    public synchronized void record(Map<String, Long> amounts) {
        rollOver();
        amounts.forEach((name, amount) -> {
            if (amount < 0) throw new IllegalArgumentException("cannot record " + amount + " " + name);
            counts.merge(name, amount, (a, b) -> Math.min(maxCount, Math.addExact(a, b)));
        });
        save();
    }

    private void save() {
        Map<String, Object> saved = new LinkedHashMap<>();
        saved.put("day", day.toString());
        for (String name : limits.keySet()) saved.put(name, counts.getOrDefault(name, 0L));
        try {
            AtomicFiles.write(file, JSON.writeValueAsString(saved) + "\n");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private void rollOver() {
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        if (!today.equals(day)) {
            day = today;
            counts.clear();
            spentBecause = null;
        }
    }

    private synchronized void load() {
        day = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        counts.clear();
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) return;
        String problem;
        try {
            problem = read();
        } catch (IOException | RuntimeException e) {
            problem = "could not be read (" + e.getMessage() + ")";
        }
        if (problem != null) damaged(problem);
    }

    /** Reads the saved counts; returns what is wrong with the file, or null. */
    private @Nullable String read() throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) return "is not a regular file";
        long size = Files.size(file);
        if (size == 0) return "is empty";
        if (size > MAX_FILE_BYTES) return "is " + size + " bytes long (at most " + MAX_FILE_BYTES + " expected)";
        JsonNode saved;
        try {
            saved = JSON.readTree(Files.readAllBytes(file));
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
        Map<String, Long> read = new LinkedHashMap<>();
        for (String name : limits.keySet()) {
            JsonNode count = saved.path(name);
            if (!count.isIntegralNumber() || !count.canConvertToLong()) {
                return "has no whole number of \"" + name + "\"";
            }
            long value = count.longValue();
            if (value < 0 || value > maxCount) return "says " + value + " " + name + ", outside 0 to " + maxCount;
            read.put(name, value);
        }
        if (savedDay.equals(day)) counts.putAll(read);
        return null;
    }

    /** Keeps a damaged file aside and counts the day as the operator chose. */
    private void damaged(String problem) {
        String kept;
        boolean movedAside;
        try {
            kept = "kept as " + keepAside().getFileName();
            movedAside = true;
        } catch (IOException e) {
            kept = "could not be moved aside: " + e.getMessage();
            movedAside = false;
        }
        startupDamage = new Damage(file.getFileName().toString(), problem, kept, onCorrupt);
        if (onCorrupt == OnCorruptFile.RESET) return;
        counts.putAll(limits);
        spentBecause = startupDamage;
        if (movedAside) save(); // so a restart today finds the day spent, not a missing file
    }

    private Path keepAside() throws IOException {
        String base = file.getFileName() + ".corrupt-" + STAMP.format(clock.instant());
        for (int n = 1; ; n++) {
            Path target = file.resolveSibling(n == 1 ? base : base + "-" + n);
            try {
                return Files.move(file, target);
            } catch (FileAlreadyExistsException e) {
                if (n >= 100) throw e;
            }
        }
    }

    /** The names of the counts, in the order they are written. */
    public List<String> names() {
        return List.copyOf(limits.keySet());
    }
}
