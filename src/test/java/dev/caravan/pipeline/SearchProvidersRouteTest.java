package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.testing.BraveStub;
import dev.caravan.testing.SearxngStub;
import dev.caravan.testing.SerperStub;
import dev.caravan.testing.StubServer;
import dev.caravan.testing.TavilyStub.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Each provider end to end against its own loopback stub, merging two of them, and falling back. */
class SearchProvidersRouteTest extends PipelineTestSupport {

    private static final ObjectMapper JSON = new ObjectMapper();

    SerperStub serper;
    BraveStub brave;
    SearxngStub searxng;

    @Override
    void overrides(Properties p) {
        try {
            serper = new SerperStub();
            brave = new BraveStub();
            searxng = new SearxngStub();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        p.put("research.serper.base-url", serper.baseUrl());
        p.put("research.serper.api-key", SerperStub.KEY);
        p.put("research.brave.base-url", brave.baseUrl());
        p.put("research.brave.api-key", BraveStub.KEY);
        p.put("research.searxng.base-url", searxng.baseUrl());
        p.put("research.search.fallback", "serper");
        p.put("research.tavily.max-retries", "2");
        p.put("research.tavily.breaker-min-calls", "3");
    }

    @AfterEach
    void stopProviderStubs() {
        serper.close();
        brave.close();
        searxng.close();
    }

    private void heatPumpPage() {
        site.page("/robots.txt", 200, "text/plain", "User-agent: *\nAllow: /\n");
        site.page(
                "/heat",
                200,
                "text/html; charset=utf-8",
                article(
                        "Heat pumps in cold climates",
                        "Modern air source heat pumps keep working efficiently down to minus twenty five degrees.",
                        "Cold climate heat pumps use variable speed compressors and better refrigerants."));
        site.page(
                "/other",
                200,
                "text/html; charset=utf-8",
                article(
                        "Ground source systems",
                        "Ground source heat pumps draw heat from pipes buried below the frost line in the garden."));
    }

    @Test
    void serper_searches_news_with_site_operators_and_says_which_options_it_could_not_honour() throws Exception {
        heatPumpPage();
        serper.results(
                "heat pumps cold site:127.0.0.1 -site:spam.example",
                new Result(site.url("/heat"), "Heat pumps", "snippet"));

        drop("serper.json", """
                {"queries": [{"query": "heat pumps cold", "provider": "serper", "topic": "news", "time_range": "week",
                  "search_depth": "advanced", "max_results": 3, "include_domains": ["127.0.0.1"],
                  "exclude_domains": ["spam.example"]}]}
                """);

        String md = read(awaitReport("serper/heat-pumps-cold.md"));
        assertThat(md)
                .contains("- **Search:** Serper, 1 result")
                .contains(
                        "- **Search note:** search\\_depth advanced was not honoured by Serper: it has one depth only")
                .contains("### [1] Heat pumps in cold climates")
                .doesNotContain(SerperStub.KEY);
        StubServer.Recorded call = serper.server().requestsTo("/news").get(0);
        assertThat(call.header("X-API-KEY")).isEqualTo(SerperStub.KEY);
        assertThat(JSON.readTree(call.body()))
                .isEqualTo(JSON.readTree(
                        "{\"q\":\"heat pumps cold site:127.0.0.1 -site:spam.example\",\"num\":3,\"tbs\":\"qdr:w\"}"));
        JsonNode sidecar = JSON.readTree(inRun("serper/heat-pumps-cold.json").toFile());
        assertThat(sidecar.path("search").path("provider").asText()).isEqualTo("serper");
        assertThat(sidecar.path("search").path("notes").get(0).asText()).contains("search_depth advanced");
        assertThat(tavily.searchCalls()).isZero();
    }

    @Test
    void brave_calls_are_spaced_at_least_a_second_apart_so_its_rate_limit_is_never_hit() throws Exception {
        heatPumpPage();
        List<String> queries = List.of("brave one", "brave two", "brave three");
        for (String q : queries) brave.results(q, new Result(site.url("/heat"), "Heat pumps", "snippet"));

        drop("brave.json", """
                {"defaults": {"provider": "brave", "time_range": "month"}, "queries": ["brave one", "brave two", "brave three"]}
                """);

        awaitReport("brave/brave-three.md");
        List<StubServer.Recorded> calls = brave.server().requests();
        assertThat(calls).hasSize(3);
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < calls.size(); i++)
            gaps.add(Duration.between(calls.get(i - 1).at(), calls.get(i).at()).toMillis());
        System.out.println("Brave throttle: gaps between calls in ms " + gaps);
        assertThat(gaps).allSatisfy(gap -> assertThat(gap).isGreaterThanOrEqualTo(900));
        assertThat(calls.get(0).path()).contains("freshness=pm").contains("q=brave+one");
        assertThat(calls.get(0).header("X-Subscription-Token")).isEqualTo(BraveStub.KEY);
        assertThat(read(awaitReport("brave/brave-one.md"))).contains("- **Search:** Brave Search, 1 result");
    }

    @Test
    void searxng_needs_no_key_and_its_results_are_cut_to_max_results() throws Exception {
        heatPumpPage();
        searxng.results(
                "ground heat",
                new Result(site.url("/other"), "Ground", "snippet"),
                new Result(site.url("/heat"), "Heat", "snippet"));

        drop("searx.json", """
                {"queries": [{"query": "ground heat", "provider": "searxng", "max_results": 1, "topic": "news"}]}
                """);

        String md = read(awaitReport("searx/ground-heat.md"));
        assertThat(md)
                .contains("- **Search:** SearXNG, 1 result")
                .contains("### [1] Ground source systems")
                .doesNotContain("/heat>");
        assertThat(searxng.server().requests().get(0).path())
                .contains("format=json")
                .contains("categories=news");
    }

    @Test
    void a_searxng_instance_without_the_json_format_is_named_with_how_to_enable_it() throws Exception {
        searxng.jsonDisabled();

        drop("nojson.json", "{\"queries\": [{\"query\": \"anything\", \"providers\": [\"searxng\"]}]}");

        String md = read(awaitReport("nojson/anything.md"));
        assertThat(md)
                .contains("SearXNG could not be used (SearXNG refused the JSON format (HTTP 403): enable it in the "
                        + "instance's settings.yml (search: formats: \\[html, json\\])")
                .contains("searched with Serper instead");
    }

    @Test
    void two_providers_are_merged_by_reciprocal_rank_fusion_and_the_sidecar_says_who_found_what() throws Exception {
        heatPumpPage();
        serper.results(
                "heat merge", new Result(site.url("/other"), "Other", "s"), new Result(site.url("/heat"), "Heat", "s"));
        brave.results("heat merge", new Result(site.url("/heat?utm_source=brave"), "Heat", "s"));

        drop("merge.json", "{\"queries\": [{\"query\": \"heat merge\", \"providers\": [\"serper\", \"brave\"]}]}");

        String md = read(awaitReport("merge/heat-merge.md"));
        assertThat(md).contains("- **Search:** Serper + Brave Search, 2 results");
        JsonNode sources =
                JSON.readTree(inRun("merge/heat-merge.json").toFile()).path("sources");
        assertThat(sources).hasSize(2);
        assertThat(sources.get(0).path("url").asText()).isEqualTo(site.url("/heat"));
        assertThat(sources.get(0).path("found_by").toString())
                .isEqualTo("[{\"provider\":\"serper\",\"rank\":2},{\"provider\":\"brave\",\"rank\":1}]");
        assertThat(sources.get(1).path("found_by").toString()).isEqualTo("[{\"provider\":\"serper\",\"rank\":1}]");
    }

    @Test
    void a_rejected_tavily_key_falls_back_to_serper_and_the_report_says_so() throws Exception {
        heatPumpPage();
        tavily.server()
                .page(
                        "/search",
                        401,
                        "application/json",
                        "{\"detail\":{\"error\":\"Unauthorized: missing or invalid API key.\"}}");
        serper.results("fallback please", new Result(site.url("/heat"), "Heat", "s"));

        drop("fallback.txt", "fallback please\n");

        String md = read(awaitReport("fallback/fallback-please.md"));
        assertThat(md)
                .contains("- **Search:** Serper, 1 result")
                .contains("Tavily could not be used (Tavily rejected the API key (HTTP 401)")
                .contains("searched with Serper instead (research.search.fallback)");
        assertThat(tavily.searchCalls()).isEqualTo(1);
    }

    @Test
    void a_used_up_tavily_quota_falls_back_to_serper() throws Exception {
        tavily.server().page("/search", 432, "application/json", "{\"detail\":{\"error\":\"limit\"}}");

        drop("quota.txt", "quota gone\n");

        String md = read(awaitReport("quota/quota-gone.md"));
        assertThat(md)
                .contains("Tavily could not be used (Tavily says the plan's usage limit is used up (HTTP 432)")
                .contains("- **Search:** Serper, 0 results")
                .contains("_The search returned no results, so there was nothing to retrieve._");
    }

    @Test
    void when_a_breaker_opens_mid_job_each_query_still_counts_once_in_the_summary() throws Exception {
        AtomicInteger braveCalls = new AtomicInteger();
        brave.server().on(BraveStub.PATH, (ex, body) -> {
            if (braveCalls.incrementAndGet() <= 2) StubServer.respond(ex, 500, "application/json", "{}");
            else StubServer.respond(ex, 200, "application/json", "{\"web\":{\"results\":[]}}");
        });

        drop("tally.json", """
                {"defaults": {"provider": "brave"}, "queries": ["tally one", "tally two", "tally three"]}
                """);

        String md = read(awaitReport("tally/tally-three.md"));
        assertThat(md).contains("circuit breaker open").contains("searched with Serper instead");
        assertThat(braveCalls).hasValue(3);
        awaitMoved("processed", "tally.json", 1);
        JsonNode finished = events("job_finished", "tally");
        assertThat(finished.path("ok").asBoolean()).isTrue();
        assertThat(finished.path("summary").asText()).startsWith("3 queries, ");
    }

    /** The last event of {@code type} for the job {@code job} in events.jsonl. */
    private JsonNode events(String type, String job) throws IOException {
        JsonNode last = null;
        for (String line : Files.readAllLines(output().resolve("events.jsonl"))) {
            JsonNode e = JSON.readTree(line);
            if (type.equals(e.path("event").asText())
                    && job.equals(e.path("job").asText())) last = e;
        }
        assertThat(last).as(type + " of " + job).isNotNull();
        return last;
    }

    @Test
    void while_tavily_breaker_is_open_queries_fall_back_to_serper() throws Exception {
        tavily.server().page("/search", 500, "application/json", "{\"detail\":{\"error\":\"Internal Server Error\"}}");

        drop("first.txt", "breaker one\n");
        assertThat(read(awaitMoved("failed", "first.txt.error.txt", 1).get(0)))
                .contains("Tavily server error (HTTP 500)");
        int tavilyCalls = tavily.searchCalls();
        drop("second.txt", "breaker two\n");

        String md = read(awaitReport("second/breaker-two.md"));
        assertThat(md).contains("circuit breaker open").contains("searched with Serper instead");
        assertThat(tavily.searchCalls()).isEqualTo(tavilyCalls);
    }
}
