package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.TavilyStub.Result;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Budgets cut searching, not the job: queries not searched get a report that says which budget was reached. */
class SearchBudgetRouteTest extends PipelineTestSupport {

    @Override
    void overrides(Properties p) {
        p.put("research.budget.search-calls-per-job", "3");
        p.put("research.budget.credits-per-day", "5");
    }

    @Test
    void a_job_that_lowers_its_budget_still_finishes_and_says_which_queries_were_not_searched() throws Exception {
        site.page("/robots.txt", 200, "text/plain", "User-agent: *\nAllow: /\n");
        site.page("/a", 200, "text/html", article("Alpha", "Alpha pages talk about the first letter at length."));
        tavily.results("first", new Result(site.url("/a"), "Alpha", "s"));

        drop("cut.json", """
                {"budget": {"search_calls": 1}, "queries": ["first", "second", "third"]}
                """);

        String third = read(awaitReport("cut/third.md"));
        assertThat(third)
                .contains("- **Search:** not searched: the budget of 1 search call for this job was reached")
                .contains(
                        "_The query was not searched (not searched: the budget of 1 search call for this job was reached)");
        // queries run side by side and each writes its report when its own pages are done, in any order
        assertThat(read(awaitReport("cut/second.md"))).contains("not searched: the budget of 1 search call");
        assertThat(read(awaitReport("cut/first.md"))).contains("- **Search:** Tavily, 1 result");
        assertThat(tavily.searchCalls()).isEqualTo(1);
        awaitMoved("processed", "cut.json", 1);
        assertThat(read(output().resolve("events.jsonl")))
                .contains("\"not_searched\"")
                .contains("2 queries not searched (budget reached)");
    }

    @Test
    void pages_over_the_jobs_page_budget_are_listed_as_not_retrieved_with_that_reason() throws Exception {
        site.page("/robots.txt", 200, "text/plain", "User-agent: *\nAllow: /\n");
        site.page("/p1", 200, "text/html", article("Page one", "The first page is fetched within the page budget."));
        site.page("/p2", 200, "text/html", article("Page two", "The second page would go over the page budget."));

        drop(
                "pages.json",
                "{\"budget\": {\"pages\": 1}, \"queries\": [{\"urls\": [\"" + site.url("/p1") + "\", \""
                        + site.url("/p2") + "\"]}]}");

        awaitMoved("processed", "pages.json", 1);
        String md = read(list(runDir("pages"), ".md").get(0));
        assertThat(md)
                .contains("- **Sources:** 1 fetched, 1 not retrieved")
                .contains("> — not fetched: the budget of 1 page for this job was reached");
        assertThat(site.requestsTo("/p1").size() + site.requestsTo("/p2").size())
                .isEqualTo(1);
    }
}
