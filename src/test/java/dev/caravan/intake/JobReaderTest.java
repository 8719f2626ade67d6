package dev.caravan.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.caravan.model.Job;
import dev.caravan.model.JobFormatException;
import dev.caravan.testing.SpecialFiles;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JobReaderTest {

    @TempDir
    Path dir;

    @Test
    void a_file_at_the_size_limit_is_read_and_named_after_its_file() throws Exception {
        Path file = Files.writeString(dir.resolve("ten.txt"), "abcdefghij");

        Job job = new JobReader(new JobParser(), 10, java.time.Clock.systemUTC()).read(file.toString());

        assertThat(job.name()).isEqualTo("ten");
        assertThat(job.queries()).extracting(q -> q.text()).containsExactly("abcdefghij");
    }

    @Test
    void a_file_over_the_size_limit_is_refused_with_its_size_and_the_limit() throws Exception {
        Path file = Files.writeString(dir.resolve("big.txt"), "q".repeat(25));

        assertThatThrownBy(() -> new JobReader(new JobParser(), 10, java.time.Clock.systemUTC()).read(file.toString()))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("the job file is 25 bytes; the limit is 10 bytes (research.input.max-bytes)");
    }

    @Test
    void a_missing_file_is_an_io_error_naming_the_file() {
        Path missing = dir.resolve("gone.txt");

        assertThatThrownBy(
                        () -> new JobReader(new JobParser(), 10, java.time.Clock.systemUTC()).read(missing.toString()))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessage("could not read " + missing);
    }

    @Test
    void a_limit_that_is_not_positive_is_refused_at_startup() {
        assertThatThrownBy(() -> new JobReader(new JobParser(), 0, java.time.Clock.systemUTC()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("research.input.max-bytes must be positive, got 0");
    }

    @Test
    void a_fifo_is_refused_with_a_reason_and_never_opened() throws Exception {
        Path fifo = SpecialFiles.mkfifo(dir.resolve("x.txt"));
        JobReader reader = new JobReader(new JobParser(), 1000, java.time.Clock.systemUTC());
        try {
            assertTimeoutPreemptively(
                    Duration.ofSeconds(5),
                    () -> assertThatThrownBy(() -> reader.read(fifo.toString()))
                            .isInstanceOf(JobFormatException.class)
                            .hasMessage(
                                    "the job file is not a regular file (a named pipe, device or socket); Caravan reads"
                                            + " only regular files"));
        } finally {
            SpecialFiles.unblock(fifo);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            leak.txt  | secrets.txt | AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG
            keys.json | cloud.json  | {"aws_secret_access_key": "x", "queries": ["q"]}
            """)
    void a_symbolic_link_is_refused_without_reading_its_target(String link, String target, String content)
            throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Path secret = Files.writeString(outside.resolve(target), content);
        Path inbox = Files.createDirectories(dir.resolve("input"));
        Path linked = Files.createSymbolicLink(inbox.resolve(link), secret);

        assertThatThrownBy(
                        () -> new JobReader(new JobParser(), 1000, java.time.Clock.systemUTC()).read(linked.toString()))
                .isInstanceOf(JobFormatException.class)
                .hasMessage("the job file is a symbolic link; Caravan reads only regular files (copy the file itself"
                        + " into the input folder)");
    }

    @Test
    void a_scheduled_job_file_may_be_a_link_to_a_regular_file_but_not_to_a_fifo() throws Exception {
        Path real = Files.writeString(dir.resolve("nightly.txt"), "tides\n");
        Path linked = Files.createSymbolicLink(dir.resolve("linked.txt"), real);
        JobReader reader = new JobReader(new JobParser(), 1000, java.time.Clock.systemUTC());

        assertThat(reader.readRun(linked.toString()).queries())
                .extracting(q -> q.text())
                .containsExactly("tides");

        Path fifo = SpecialFiles.mkfifo(dir.resolve("pipe.txt"));
        Path toFifo = Files.createSymbolicLink(dir.resolve("to-pipe.txt"), fifo);
        try {
            assertTimeoutPreemptively(
                    Duration.ofSeconds(5),
                    () -> assertThatThrownBy(() -> reader.readRun(toFifo.toString()))
                            .isInstanceOf(JobFormatException.class)
                            .hasMessageContaining("not a regular file"));
        } finally {
            SpecialFiles.unblock(fifo);
        }
    }
}
