package dev.caravan.progress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.Job;
import dev.caravan.model.Query;
import dev.caravan.testing.FakeClock;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The summary printed when a job ends counts each of its queries once. */
class JobSummaryTest {

    @TempDir
    Path dir;

    /** @param started the query indexes whose search started, in order; a repeat is a retry or a fallback */
    @ParameterizedTest(name = "searches started {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            0 1 2         | 3 queries
            0 0 0 1 2     | 3 queries
            0 1 1 2 2 2   | 3 queries
            0             | 1 query
            """)
    void each_query_counts_once_however_often_its_search_ran(String started, String queries) {
        Job job = new Job("tally", List.of(Query.of("same"), Query.of("same"), Query.of("other")));
        FakeClock clock = FakeClock.at("2025-06-01T12:00:00Z");
        Progress progress = new Progress(dir.resolve("events.jsonl"), null, clock);
        progress.jobStarted(job, "file");

        for (String index : started.split(" "))
            progress.searchStarted(job, Integer.parseInt(index), job.queries().get(Integer.parseInt(index)));

        assertThat(progress.jobFinished(job, null)).startsWith(queries + ", ");
    }
}
