package dev.caravan.progress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.Delivery;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Job;
import dev.caravan.model.PageMetadata;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.Report;
import dev.caravan.model.Retrieval;
import dev.caravan.model.SearchResults;
import dev.caravan.testing.FakeClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Cache lookups by kind, the hit ratio and size, and empty queries and jobs, in the metrics and the events log. */
class CacheAndEmptyMetricsTest {

    @TempDir
    Path dir;

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final FakeClock clock = FakeClock.at("2026-05-06T12:00:00Z");
    private final Job job = new Job("metrics", List.of(Query.of("q"), Query.of("r")), "2026-05-06T120000Z");

    private static PageResult page(int i, Delivery delivery) {
        String url = "https://host.example/" + i;
        FetchedPage page = new FetchedPage(
                new Retrieval(url, url, 200, null),
                FetchOutcome.OK,
                null,
                "text/html",
                PageMetadata.titled("t"),
                "text",
                null,
                4,
                "text",
                List.of());
        return new PageResult(new FetchTask(i, url, url, null), page, delivery, List.of());
    }

    private double lookups(String cache, String result) {
        var counter = meters.find("caravan.cache.lookups")
                .tag("cache", cache)
                .tag("result", result)
                .counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    void each_kind_of_page_delivery_and_each_search_hit_or_miss_is_counted_with_the_hit_ratio_and_the_size() {
        Progress progress = new Progress(dir.resolve("events.jsonl"), meters, clock);
        progress.cacheGauges(() -> 4096, () -> 3, () -> 1);
        progress.jobStarted(job, "file");
        progress.searchFinished(job, Query.of("q"), new SearchResults("tavily", null, List.of(), true));
        progress.searchFinished(job, Query.of("r"), new SearchResults("tavily", null, List.of(), false));
        int i = 0;
        for (Delivery d : List.of(Delivery.CACHED, Delivery.REVALIDATED, Delivery.REVALIDATED, Delivery.REFETCHED))
            progress.fetchFinished(job, 0, 4, page(i++, d), clock.millis(), 0);

        assertThat(lookups("page", "fresh")).isEqualTo(1);
        assertThat(lookups("page", "revalidated")).isEqualTo(2);
        assertThat(lookups("page", "refetched")).isEqualTo(1);
        assertThat(lookups("search", "hit")).isEqualTo(1);
        assertThat(lookups("search", "miss")).isEqualTo(1);
        assertThat(meters.get("caravan.cache.hit.ratio")
                        .tag("cache", "page")
                        .gauge()
                        .value())
                .isEqualTo(0.75);
        assertThat(meters.get("caravan.cache.hit.ratio")
                        .tag("cache", "search")
                        .gauge()
                        .value())
                .isEqualTo(0.5);
        assertThat(meters.get("caravan.cache.size").gauge().value()).isEqualTo(4096);
        assertThat(meters.get("caravan.cache.entries")
                        .tag("cache", "page")
                        .gauge()
                        .value())
                .isEqualTo(3);
        assertThat(progress.jobFinished(job, null)).contains("2 revalidated (304), 1 fetched again");
    }

    @Test
    void a_query_with_no_page_is_empty_and_a_job_whose_queries_all_got_none_is_empty_too() throws Exception {
        Progress progress = new Progress(dir.resolve("events.jsonl"), meters, clock);
        progress.jobStarted(job, "file");
        Report none = new Report(dir.resolve("q.md"), dir.resolve("q.json"), "", "{}", 0, 2, 0);
        progress.reportWritten(job, Query.of("q"), none);
        progress.reportWritten(job, Query.of("r"), none);

        String summary = progress.jobFinished(job, null);

        assertThat(progress.emptyQueries()).isEqualTo(2);
        assertThat(summary).contains("2 queries with no page");
        assertThat(meters.get("caravan.queries.empty").counter().count()).isEqualTo(2);
        assertThat(meters.get("caravan.jobs.empty").counter().count()).isEqualTo(1);
        String events = Files.readString(dir.resolve("events.jsonl"));
        assertThat(events)
                .contains("\"event\":\"report_written\"")
                .contains("\"empty\":true")
                .contains("\"ok\":true,\"empty\":true,\"empty_queries\":2");
    }
}
