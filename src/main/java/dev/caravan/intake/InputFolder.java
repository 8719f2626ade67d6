package dev.caravan.intake;

import dev.caravan.model.JobFormatException;
import dev.caravan.model.LogText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The entries of the input folder that Caravan will not open as jobs, and what becomes of them. An entry is refused
 * when it is a symbolic link, not a regular file (a named pipe would block its reader for ever), has a backslash in its
 * name (Camel's file component reads it as a folder separator, so the path it works on is not the file's), or has a
 * name too long for Camel's lock marker. A refused entry is moved, never opened or followed, to the failed folder with
 * its {@code .error.txt}; if it cannot be moved it is left where it is and said once. Thread-safe.
 */
public class InputFolder {

    private final Path dir;
    private final Path failedDir;
    private final JobFailures failures;
    /** Refused entries that could not be moved: name → what the entry was then, so it is said once. */
    private final Map<String, String> leftInPlace = new ConcurrentHashMap<>();

    public InputFolder(Path dir, Path failedDir, JobFailures failures) {
        this.dir = dir;
        this.failedDir = failedDir;
        this.failures = failures;
    }

    /** The path of the entry {@code fileName} (a name, not a path); a name with a separator is refused. */
    public Path path(String fileName) {
        nameRefusal(fileName).ifPresent(reason -> {
            throw new JobFormatException(reason);
        });
        return dir.resolve(fileName);
    }

    /** Why the entry {@code fileName} is not read as a job; empty for a regular file with a usable name, or gone. */
    public Optional<String> refusal(String fileName) {
        Optional<String> byName = nameRefusal(fileName);
        return byName.isPresent() ? byName : JobReader.refusal(dir.resolve(fileName), false);
    }

    private static Optional<String> nameRefusal(String fileName) {
        if (!isName(fileName)) return Optional.of("the file name is not a file name");
        if (fileName.indexOf('\\') >= 0)
            return Optional.of("the file name holds a backslash, which Caravan's file intake takes for a folder"
                    + " separator; rename the file without it");
        int bytes = JobFileNames.utf8Bytes(fileName);
        if (bytes > JobFileNames.MAX_JOB_FILE_BYTES)
            return Optional.of("the file name is " + bytes + " bytes long (UTF-8); job file names may be at most "
                    + JobFileNames.MAX_JOB_FILE_BYTES + " bytes");
        return Optional.empty();
    }

    /** A name one entry of a folder can have: no folder separator, not {@code .} or {@code ..}. */
    private static boolean isName(String fileName) {
        return !fileName.isEmpty() && fileName.indexOf('/') < 0 && !fileName.equals(".") && !fileName.equals("..");
    }

    /** True when {@code fileName} can be read as a job (the file intake takes it). */
    public boolean accepts(String fileName) {
        return refusal(fileName).isEmpty();
    }

    /** True when {@code fileName} is refused and not yet dealt with: {@link #refuse} has something to do. */
    public boolean refusable(String fileName) {
        return refusal(fileName).isPresent() && !identity(fileName).equals(leftInPlace.get(fileName));
    }

    /**
     * Moves the refused entry {@code fileName} to the failed folder as {@code <stamp>-<name>} (shortened if need be),
     * without opening or following it, and writes its {@code .error.txt}. If it cannot be moved it stays where it is,
     * and is not dealt with again while it stays the same. Empty when there is nothing to say: the entry is no longer
     * refused, or was already said to be left in place.
     */
    public Optional<RefusedFile> refuse(String stamp, String fileName) {
        Optional<String> reason = refusal(fileName);
        if (!isName(fileName) || reason.isEmpty() || !refusable(fileName)) return Optional.empty();
        String stored = JobFileNames.stored(stamp, fileName.replace('\\', '_'));
        Path entry = dir.resolve(fileName);
        try {
            Files.createDirectories(failedDir);
            // a rename only: never a copy, which would open a pipe or follow a link
            Files.move(entry, failedDir.resolve(stored), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            leftInPlace.put(fileName, identity(fileName));
            return Optional.of(new RefusedFile(fileName, reason.get(), failedDir, null, String.valueOf(e)));
        }
        leftInPlace.remove(fileName);
        failures.record(stored, new JobFormatException(reason.get()));
        return Optional.of(new RefusedFile(fileName, reason.get(), failedDir, stored, null));
    }

    /** What the entry is now, without following a link: its file key and time, or that it is gone. */
    private String identity(String fileName) {
        if (!isName(fileName)) return "not a name";
        try {
            BasicFileAttributes attrs =
                    Files.readAttributes(dir.resolve(fileName), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return attrs.fileKey() + "@" + attrs.lastModifiedTime();
        } catch (IOException e) {
            return "gone";
        }
    }

    /** The log line for a hidden file in the input folder, which is never read. */
    public static String hiddenFileLine(String fileName) {
        return "ignoring hidden file " + LogText.quoted(fileName) + " in the input folder: names starting with '.'"
                + " are never read as jobs (rename it without the dot to run it; it is left where it is)";
    }
}
