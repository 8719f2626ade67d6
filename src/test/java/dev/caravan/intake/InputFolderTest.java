package dev.caravan.intake;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.FakeClock;
import dev.caravan.testing.SpecialFiles;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputFolderTest {

    private static final String STAMP = "20260301T101530.123";

    @TempDir
    Path work;

    Path input;
    Path failed;
    InputFolder folder;

    @BeforeEach
    void setUp() throws Exception {
        input = Files.createDirectories(work.resolve("input"));
        failed = input.resolve("failed");
        folder = new InputFolder(input, failed, new JobFailures(failed, FakeClock.at("2026-03-01T10:15:30Z")));
    }

    @Test
    void a_regular_file_is_accepted_and_not_refused() throws Exception {
        Files.writeString(input.resolve("jobs.txt"), "tides\n");

        assertThat(folder.accepts("jobs.txt")).isTrue();
        assertThat(folder.refusable("jobs.txt")).isFalse();
        assertThat(folder.refuse(STAMP, "jobs.txt")).isEmpty();
        assertThat(input.resolve("jobs.txt")).exists();
    }

    @Test
    void a_symbolic_link_is_moved_itself_to_the_failed_folder_and_its_target_is_untouched() throws Exception {
        Path target = Files.writeString(work.resolve("secrets.txt"), "AKIAIOSFODNN7EXAMPLE\n");
        Files.createSymbolicLink(input.resolve("leak.txt"), target);

        assertThat(folder.accepts("leak.txt")).isFalse();
        RefusedFile refused = folder.refuse(STAMP, "leak.txt").orElseThrow();

        Path moved = failed.resolve(STAMP + "-leak.txt");
        assertThat(Files.isSymbolicLink(moved)).isTrue();
        assertThat(Files.readSymbolicLink(moved)).isEqualTo(target);
        assertThat(Files.readString(target)).isEqualTo("AKIAIOSFODNN7EXAMPLE\n");
        assertThat(Files.readString(failed.resolve(STAMP + "-leak.txt.error.txt")))
                .isEqualTo("Caravan could not run this job: " + JobReader.SYMBOLIC_LINK + "\n(2026-03-01T10:15:30Z)\n");
        assertThat(refused.line())
                .isEqualTo("job file \"leak.txt\" refused: " + JobReader.SYMBOLIC_LINK + " (moved to " + moved + ")");
        assertThat(folder.refusable("leak.txt")).isFalse();
    }

    @Test
    void a_fifo_is_moved_to_the_failed_folder_without_being_opened() throws Exception {
        Path fifo = SpecialFiles.mkfifo(input.resolve("x.txt"));
        try {
            RefusedFile refused = folder.refuse(STAMP, "x.txt").orElseThrow();

            assertThat(refused.reason()).isEqualTo(JobReader.NOT_REGULAR);
            assertThat(Files.readAttributes(
                                    failed.resolve(STAMP + "-x.txt"),
                                    java.nio.file.attribute.BasicFileAttributes.class,
                                    LinkOption.NOFOLLOW_LINKS)
                            .isOther())
                    .isTrue();
        } finally {
            SpecialFiles.unblock(fifo);
        }
    }

    @Test
    void a_name_with_a_backslash_or_too_long_for_the_lock_marker_is_refused_and_kept_under_a_safe_name()
            throws Exception {
        String tooLong = "q".repeat(246) + ".txt";
        Files.writeString(input.resolve("..\\outside.txt"), "tides\n");
        Files.writeString(input.resolve(tooLong), "tides\n");

        RefusedFile backslash = folder.refuse(STAMP, "..\\outside.txt").orElseThrow();
        RefusedFile longName = folder.refuse(STAMP, tooLong).orElseThrow();

        assertThat(backslash.reason()).contains("backslash");
        assertThat(backslash.storedName()).isEqualTo(STAMP + "-.._outside.txt");
        assertThat(failed.resolve(backslash.storedName())).hasContent("tides");
        assertThat(longName.reason())
                .isEqualTo("the file name is 250 bytes long (UTF-8); job file names may be at most 245 bytes");
        assertThat(failed.resolve(longName.storedName() + ".error.txt")).exists();
        assertThat(input).isDirectoryNotContaining(p -> Files.isRegularFile(p));
    }

    @Test
    void an_entry_that_cannot_be_moved_is_left_where_it_is_and_said_once() throws Exception {
        Files.writeString(failed.getParent().resolve("failed"), "a file where the failed folder should be");
        Path target = Files.writeString(work.resolve("target.txt"), "q\n");
        Files.createSymbolicLink(input.resolve("link.txt"), target);

        Optional<RefusedFile> first = folder.refuse(STAMP, "link.txt");
        Optional<RefusedFile> second = folder.refuse(STAMP, "link.txt");

        assertThat(first).hasValueSatisfying(r -> {
            assertThat(r.moved()).isFalse();
            assertThat(r.line()).contains("could not be moved", "left where it is");
        });
        assertThat(second).isEmpty();
        assertThat(folder.refusable("link.txt")).isFalse();
        assertThat(Files.isSymbolicLink(input.resolve("link.txt"))).isTrue();
    }

    @Test
    void a_hidden_file_line_says_why_with_the_name_escaped() {
        assertThat(InputFolder.hiddenFileLine(".job.txt\nERROR forged line"))
                .isEqualTo("ignoring hidden file \".job.txt\\nERROR forged line\" in the input folder: names starting"
                        + " with '.' are never read as jobs (rename it without the dot to run it; it is left where"
                        + " it is)");
    }
}
