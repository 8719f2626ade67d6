package dev.caravan.intake;

import dev.caravan.model.Job;
import dev.caravan.model.JobFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * Reads a job file from disk. Only a regular file is opened: a named pipe would block the reader for ever, and a
 * device could be read without end. A file in the input folder must be the file itself, not a symbolic link to a file
 * elsewhere (that would read, and send as queries, whatever it points to); a scheduled job file, named by the operator
 * in the configuration, may be a link to a regular file. Files over the size limit are refused before loading them.
 * Thread-safe.
 */
public class JobReader {

    /** Why a job file is not read, if it is a symbolic link. */
    public static final String SYMBOLIC_LINK =
            "the job file is a symbolic link; Caravan reads only regular files (copy the file itself into the input"
                    + " folder)";

    /** Why a job file is not read, if it is a named pipe, a device, a socket or a folder. */
    public static final String NOT_REGULAR =
            "the job file is not a regular file (a named pipe, device or socket); Caravan reads only regular files";

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

    /**
     * Reads a scheduled job file for one run, labelled with the current UTC time so each run keeps its reports. It may
     * be a symbolic link (to a regular file).
     */
    public Job readRun(String path) {
        return read(Path.of(path), true).asRun(RUN_LABEL.format(clock.instant()));
    }

    /** Reads a job file from the input folder: a regular file, not a link. */
    public Job read(String path) {
        return read(Path.of(path), false);
    }

    /**
     * Why the file at {@code file} may not be read as a job, looking at the entry itself (a link is not followed
     * unless {@code followLinks}); empty when it is a regular file, or gone.
     */
    public static Optional<String> refusal(Path file, boolean followLinks) {
        try {
            BasicFileAttributes attrs = followLinks
                    ? Files.readAttributes(file, BasicFileAttributes.class)
                    : Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (attrs.isSymbolicLink()) return Optional.of(SYMBOLIC_LINK);
            if (!attrs.isRegularFile()) return Optional.of(NOT_REGULAR);
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // gone, or unreadable: opening it says so
        }
    }

    private Job read(Path file, boolean followLinks) {
        Optional<String> refused = refusal(file, followLinks);
        if (refused.isPresent()) throw new JobFormatException(refused.get());
        OpenOption[] options = followLinks ? new OpenOption[0] : new OpenOption[] {LinkOption.NOFOLLOW_LINKS};
        try (InputStream in = Files.newInputStream(file, options)) {
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
