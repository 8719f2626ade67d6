package dev.caravan.testing;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Assumptions;

/** Files that are not regular files, for tests of what Caravan refuses to open. */
public final class SpecialFiles {

    private SpecialFiles() {}

    /** Makes a named pipe with {@code mkfifo}; the calling test is skipped where there is none (Windows). */
    public static Path mkfifo(Path fifo) throws IOException, InterruptedException {
        Assumptions.assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/mkfifo")) || Files.isExecutable(Path.of("/bin/mkfifo")),
                "mkfifo is not available");
        Process p = new ProcessBuilder("mkfifo", fifo.toString())
                .redirectErrorStream(true)
                .start();
        Assumptions.assumeTrue(p.waitFor() == 0, "mkfifo failed");
        return fifo;
    }

    /**
     * Frees a reader stuck opening the named pipe {@code fifo}, if there is one: opening a pipe for reading and
     * writing never blocks, and closing it again gives the reader an end of file.
     */
    public static void unblock(Path fifo) throws IOException {
        if (!Files.exists(fifo)) return;
        try (FileChannel ignored = FileChannel.open(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            // nothing to write
        }
    }
}
