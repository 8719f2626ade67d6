package dev.caravan.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caravan.model.Job;
import dev.caravan.model.JobFormatException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
}
