package dev.caravan.intake;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.JobFormatException;
import dev.caravan.search.RetryableSearchException;
import dev.caravan.search.SearchException;
import dev.caravan.testing.FakeClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobFailuresTest {

    @TempDir
    Path dir;

    @Test
    void the_reason_is_the_message_of_a_job_format_exception_however_deeply_wrapped() {
        Throwable error = new RuntimeException(
                "camel wrapper", new IllegalStateException("inner", new JobFormatException("the job file is empty")));

        assertThat(JobFailures.reason(error)).isEqualTo("the job file is empty");
    }

    @Test
    void the_reason_is_the_message_of_a_search_exception() {
        Throwable error =
                new RuntimeException("wrapper", new RetryableSearchException("Tavily rate limit hit (HTTP 429)", 5));

        assertThat(JobFailures.reason(error)).isEqualTo("Tavily rate limit hit (HTTP 429)");
    }

    @Test
    void the_outermost_of_our_own_exceptions_wins() {
        Throwable error = new SearchException("outer reason");
        error.initCause(new JobFormatException("inner reason"));

        assertThat(JobFailures.reason(error)).isEqualTo("outer reason");
    }

    @Test
    void any_other_failure_is_an_internal_error_naming_the_innermost_cause() {
        Throwable error = new RuntimeException("top", new UncheckedIOException("middle", new IOException("disk full")));

        assertThat(JobFailures.reason(error)).isEqualTo("internal error (IOException): disk full");
    }

    @Test
    void no_error_at_all_is_an_unknown_error() {
        assertThat(JobFailures.reason(null)).isEqualTo("unknown error");
    }

    @Test
    void record_writes_the_reason_and_time_next_to_the_failed_job() throws Exception {
        JobFailures failures = new JobFailures(dir, FakeClock.at("2026-03-01T10:15:30Z"));

        String reason = failures.record("jobs-1.json", new JobFormatException("'queries' must be a list"));

        assertThat(reason).isEqualTo("'queries' must be a list");
        assertThat(Files.readString(dir.resolve("jobs-1.json.error.txt")))
                .isEqualTo("Caravan could not run this job: 'queries' must be a list\n(2026-03-01T10:15:30Z)\n");
    }
}
