package dev.caravan.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes files so that readers see either the old file or the whole new one: a temp file, then a rename. */
public final class AtomicFiles {

    private static final String TEMP_SUFFIX = ".caravan-tmp";

    private AtomicFiles() {}

    /**
     * Deletes temp files left under {@code dir} by a process that was killed while writing; they are never complete.
     * Returns how many were removed.
     */
    public static int sweepTempFiles(Path dir) {
        if (!Files.isDirectory(dir)) return 0;
        try (var files = Files.walk(dir)) {
            int removed = 0;
            for (Path p : files.filter(f -> f.getFileName().toString().endsWith(TEMP_SUFFIX))
                    .toList()) {
                if (Files.deleteIfExists(p)) removed++;
            }
            return removed;
        } catch (IOException e) {
            throw new UncheckedIOException("could not clean temp files under " + dir, e);
        }
    }

    public static void write(Path target, String content) {
        try {
            Files.createDirectories(target.toAbsolutePath().getParent());
            Path temp = target.resolveSibling("." + target.getFileName() + TEMP_SUFFIX);
            Files.writeString(temp, content, StandardCharsets.UTF_8);
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + target, e);
        }
    }
}
