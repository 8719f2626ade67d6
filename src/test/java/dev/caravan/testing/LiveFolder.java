package dev.caravan.testing;

import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Predicate;

/**
 * Lists the files of a folder that a running Caravan is still writing to. Reports are written to a temporary
 * name and renamed, so an entry can vanish between being listed and being looked at; {@code Files.walk} then
 * throws {@code NoSuchFileException}. Here a vanished entry is skipped: the caller polls again.
 */
public final class LiveFolder {

    private LiveFolder() {}

    /** Regular files at most {@code depth} levels under {@code root} whose name passes {@code name}, sorted. */
    public static List<Path> files(Path root, int depth, Predicate<String> name) throws IOException {
        List<Path> found = new ArrayList<>();
        if (!Files.isDirectory(root)) return found;
        Files.walkFileTree(root, EnumSet.noneOf(FileVisitOption.class), depth, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (attrs.isRegularFile() && name.test(file.getFileName().toString())) found.add(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) return FileVisitResult.CONTINUE;
                throw e;
            }
        });
        found.sort(null);
        return found;
    }
}
