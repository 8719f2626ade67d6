package dev.caravan.intake;

import dev.caravan.model.Job;
import dev.caravan.model.JobFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Reads a job file from disk, refusing files over the size limit before loading them. Thread-safe. */
public class JobReader {

    private static final DateTimeFormatter RUN_LABEL = DateTimeFormatter.ofPattern(
                    "yyyy-MM-dd'T'HHmmss'Z'", java.util.Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private final JobParser parser;
    private final long maxBytes;
    private final Clock clock;

    public JobReader(JobParser parser, long maxBytes, Clock clock) {
        if (maxBytes <= 0)
            throw new IllegalArgumentException("research.input.max-bytes must be positive, got " + maxBytes);
        this.parser = parser;
        this.maxBytes = maxBytes;
        this.clock = clock;
    }

    /** Reads a scheduled job file for one run, labelled with the current UTC time so each run keeps its reports. */
    public Job readRun(String path) {
        return read(path).asRun(RUN_LABEL.format(clock.instant()));
    }

    public Job read(String path) {
        Path file = Path.of(path);
        try (InputStream in = Files.newInputStream(file)) {
            byte[] content = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (content.length > maxBytes) {
                throw new JobFormatException("the job file is " + Files.size(file) + " bytes; the limit is " + maxBytes
                        + " bytes (research.input.max-bytes)");
            }
            return parser.parse(file.getFileName().toString(), content);
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file, e);
        }
    }
}
