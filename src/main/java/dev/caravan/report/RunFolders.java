package dev.caravan.report;

import dev.caravan.files.AtomicFiles;
import dev.caravan.files.ShortHash;
import dev.caravan.model.Job;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Every run of a job writes its reports to a folder of its own, {@code output/<job>/<run>/}, whatever brought the
 * job (a file dropped, a JMS message, a schedule), so earlier runs are kept and "the last run" can be found on disk.
 * The run is named by the UTC time it started ({@code 2026-11-22T020000Z}, then {@code -2}, {@code -3} for a second
 * run started in the same second).
 *
 * <p>A run that did not end (Caravan crashed, was killed, or stopped before the job was done) is resumed in its own
 * folder: while a run is going, a marker {@code output/<job>/.run-<hash of its key>} names its folder and what it ran
 * (the job file's name, size and modification time, or the JMS message ID), and the same input seen again gets the
 * same folder: one report per query per run, never two. The marker goes when the run is over. Thread-safe.
 */
public class RunFolders {

    private static final DateTimeFormatter LABEL =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private final Path outputDir;
    private final Clock clock;

    public RunFolders(Path outputDir, Clock clock) {
        this.outputDir = outputDir;
        this.clock = clock;
    }

    /**
     * The job as one run, its folder made. With a {@code key} (what brought it: {@code file:<name>},
     * {@code jms:<message ID>}) and the same {@code identity} as a run that did not end, that run's folder; else a new
     * one, named by the time now.
     */
    public synchronized Job start(Job job, @Nullable String key, String identity) {
        Path jobDir = outputDir.resolve(job.name());
        if (key != null) {
            Optional<String> resumed = resumable(jobDir, key, identity);
            if (resumed.isPresent()) {
                mkdirs(jobDir.resolve(resumed.get()));
                return job.asRun(resumed.get());
            }
        }
        // with a key, the marker names the folder before the folder is made: a crash between the two resumes in it
        String label = newFolder(
                jobDir,
                LABEL.format(clock.instant()),
                key == null
                        ? name -> {}
                        : name -> AtomicFiles.write(marker(jobDir, key), name + "\n" + identity + "\n"));
        return job.asRun(label);
    }

    /** The run is over (its input moved away, its message settled): its marker goes, and its folder if empty. */
    public void finish(Job job, @Nullable String key) {
        Path jobDir = outputDir.resolve(job.name());
        try {
            if (key != null) Files.deleteIfExists(marker(jobDir, key));
            if (job.run() != null) {
                Path runDir = outputDir.resolve(job.folder());
                if (Files.isDirectory(runDir)) {
                    try (Stream<Path> entries = Files.list(runDir)) {
                        if (entries.findAny().isEmpty()) Files.delete(runDir);
                    }
                }
            }
        } catch (IOException e) {
            // a marker left behind only matters if the same input is seen again unchanged: then its run resumes
        }
    }

    /** The folder of the run the marker for {@code key} names, when its input is the same. */
    private static Optional<String> resumable(Path jobDir, String key, String identity) {
        Path marker = marker(jobDir, key);
        if (!Files.isRegularFile(marker)) return Optional.empty();
        try {
            List<String> lines = Files.readAllLines(marker, StandardCharsets.UTF_8);
            if (lines.size() < 2 || !lines.get(1).equals(identity)) return Optional.empty();
            String label = lines.get(0).strip();
            return label.matches("[0-9TZ-]{1,40}") ? Optional.of(label) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Path marker(Path jobDir, String key) {
        return jobDir.resolve(".run-" + ShortHash.of(key));
    }

    /**
     * Makes {@code jobDir/label}, or {@code label-2}, {@code -3}, ... when taken, telling {@code claiming} each name
     * just before it tries to make it; returns the name made.
     */
    private static String newFolder(Path jobDir, String label, Consumer<String> claiming) {
        mkdirs(jobDir);
        for (int i = 1; ; i++) {
            String name = i == 1 ? label : label + "-" + i;
            if (Files.exists(jobDir.resolve(name))) continue; // never claim another run's folder, even for a moment
            claiming.accept(name);
            try {
                Files.createDirectory(jobDir.resolve(name));
                return name;
            } catch (FileAlreadyExistsException e) {
                // taken by a run started in the same second: the next suffix
            } catch (IOException e) {
                throw new java.io.UncheckedIOException("could not make the run folder " + jobDir.resolve(name), e);
            }
        }
    }

    private static void mkdirs(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("could not make " + dir, e);
        }
    }
}
