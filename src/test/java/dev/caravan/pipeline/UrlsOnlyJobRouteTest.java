package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;

/** A job that only lists pages needs no search provider: no key set at all, and nothing about searching. */
class UrlsOnlyJobRouteTest extends PipelineTestSupport {

    @Override
    void overrides(Properties p) {
        p.put("research.tavily.api-key", "");
    }

    @Test
    void a_urls_only_job_runs_without_any_key_and_shows_no_search() throws Exception {
        site.page("/robots.txt", 200, "text/plain", "User-agent: *\nAllow: /\n");
        site.page(
                "/p",
                200,
                "text/html",
                article("A page", "This page was listed by the job itself, not found by a search."));

        drop("pages.json", "{\"queries\": [{\"urls\": [\"" + site.url("/p") + "\"], \"include_answer\": true}]}");

        awaitMoved("processed", "pages.json", 1);
        String md = read(list(runDir("pages"), ".md").get(0));
        assertThat(md)
                .contains("- **Search:** none (the job listed its pages)")
                .doesNotContain("answer (provider-generated")
                .contains("### [1] A page");
        assertThat(tavily.searchCalls()).isZero();
        String events = read(output().resolve("events.jsonl"));
        assertThat(events)
                .doesNotContain("search_started")
                .doesNotContain("search_finished")
                .contains("0 search calls");
    }
}
