package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.testing.Ordering;
import dev.caravan.testing.StubServer;
import dev.caravan.testing.TavilyStub.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class FetchBehaviourRouteTest extends PipelineTestSupport {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long HOST_DELAY_MS = 400;

    @Override
    void overrides(Properties p) {
        p.put("research.fetch.host-delay-ms", Long.toString(HOST_DELAY_MS));
        p.put("research.report.inline-max-chars", "1000");
    }

    @Test
    void a_page_disallowed_by_robots_txt_is_never_requested_and_is_listed_with_the_reason() throws Exception {
        site.page(
                "/robots.txt",
                200,
                "text/plain",
                "User-agent: CaravanBot\nDisallow: /private\n\nUser-agent: *\nAllow: /\n");
        site.page("/private/report", 200, "text/html", article("Secret", "This sentence must never be fetched by us."));
        site.page(
                "/public", 200, "text/html", article("Open", "Public pages about robots are fine to fetch and quote."));
        tavily.results(
                "robots",
                new Result(site.url("/private/report"), "Secret", ""),
                new Result(site.url("/public"), "Open", ""));

        drop("robots.txt", "robots\n");

        String md = read(awaitReport("robots/robots.md"));
        assertThat(site.requestsTo("/private/report")).isEmpty();
        assertThat(md)
                .contains(site.url("/private/report") + "> — robots.txt disallows this path for CaravanBot")
                .contains("### [1] Open");
        assertThat(site.requestsTo("/robots.txt")).hasSize(1);
    }

    @Test
    void an_oversized_robots_txt_is_read_up_to_the_cap_and_its_rules_apply() throws Exception {
        String filler = "# " + "x".repeat(1000) + "\n";
        site.page(
                "/robots.txt",
                200,
                "text/plain",
                "User-agent: *\nDisallow: /closed\n" + filler.repeat(600) + "Disallow: /beyond-the-cap\n");
        site.page("/closed", 200, "text/html", article("Closed", "Never fetched because robots says so here."));
        site.page("/beyond-the-cap", 200, "text/html", article("Open", "Rules past the cap are not read at all."));
        tavily.results(
                "big robots",
                new Result(site.url("/closed"), "c", ""),
                new Result(site.url("/beyond-the-cap"), "o", ""));

        drop("bigrobots.txt", "big robots\n");

        String md = read(awaitReport("bigrobots/big-robots.md"));
        assertThat(site.requestsTo("/closed")).isEmpty();
        assertThat(site.requestsTo("/beyond-the-cap")).hasSize(1);
        assertThat(md).contains("robots.txt disallows this path");
    }

    @Test
    void requests_to_one_host_are_spaced_by_the_host_delay_and_carry_the_user_agent() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        for (int i = 1; i <= 3; i++) {
            site.page(
                    "/p" + i,
                    200,
                    "text/html",
                    article("Page " + i, "Spacing test sentence number " + i + " is here."));
        }
        tavily.results(
                "spacing",
                new Result(site.url("/p1"), "1", ""),
                new Result(site.url("/p2"), "2", ""),
                new Result(site.url("/p3"), "3", ""));

        drop("spacing.txt", "spacing\n");

        awaitReport("spacing/spacing.md");
        List<StubServer.Recorded> requests = site.requests();
        assertThat(requests).hasSize(4);
        assertThat(requests.get(0).path()).isEqualTo("/robots.txt");
        // the first page may follow robots.txt at once (research.fetch.delay-after-robots-ms = 0); pages keep the delay
        for (int i = 2; i < requests.size(); i++) {
            long gapMs = Duration.between(
                            requests.get(i - 1).at(), requests.get(i).at())
                    .toMillis();
            System.out.printf(
                    java.util.Locale.ROOT,
                    "FIGURE host delay: gap %d ms before %s (configured %d ms)%n",
                    gapMs,
                    requests.get(i).path(),
                    HOST_DELAY_MS);
            assertThat(gapMs).as("gap before " + requests.get(i).path()).isGreaterThanOrEqualTo(HOST_DELAY_MS - 5);
        }
        assertThat(requests).allSatisfy(r -> assertThat(r.header("User-Agent")).startsWith("CaravanBot/"));
    }

    @Test
    void a_host_gives_a_jobs_first_query_its_pages_before_the_second_query_so_its_report_comes_first()
            throws Exception {
        // robots.txt answers slowly: both queries' pages wait for it and reach the host's queue together
        site.on("/robots.txt", (ex, body) -> {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            StubServer.respond(ex, 404, "text/plain", "");
        });
        List<String> first = List.of("/first1", "/first2", "/first3");
        List<String> second = List.of("/second1", "/second2", "/second3");
        for (String path : concat(first, second))
            site.page(path, 200, "text/html", article("Page " + path, "Ordering test sentence for " + path + "."));
        tavily.results(
                "first query",
                first.stream().map(p -> new Result(site.url(p), p, "")).toArray(Result[]::new));
        tavily.results(
                "second query",
                second.stream().map(p -> new Result(site.url(p), p, "")).toArray(Result[]::new));

        drop("order.txt", "first query\nsecond query\n");

        awaitReport("order/first-query.md");
        awaitReport("order/second-query.md");
        List<String> pages = site.requests().stream()
                .map(StubServer.Recorded::path)
                .filter(p -> !p.equals("/robots.txt"))
                .toList();
        assertThat(pages).hasSize(6);
        // the first page is asked as soon as it is queued, whichever query it is of; the others wait for the host and
        // come in their queries' order
        assertThat(Ordering.allBefore(pages.subList(1, 6), p -> p.startsWith("/first")))
                .as("pages asked in this order: " + pages)
                .isTrue();
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    @Test
    void a_big_page_is_evicted_to_disk_and_linked_from_the_report() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        String[] paragraphs = new String[40];
        for (int i = 0; i < paragraphs.length; i++) {
            paragraphs[i] = "Paragraph " + i + " about glaciers explains how glaciers move slowly across the land.";
        }
        site.page("/big", 200, "text/html", article("Glaciers", paragraphs));
        tavily.results("glaciers", new Result(site.url("/big"), "Glaciers", ""));

        drop("ice.txt", "glaciers\n");

        String md = read(awaitReport("ice/glaciers.md"));
        JsonNode source = JSON.readTree(awaitReport("ice/glaciers.json").toFile())
                .path("sources")
                .get(0);
        Path evicted = Path.of(source.path("evicted_to").asText());
        assertThat(evicted).exists().startsWith(inRun("ice/pages"));
        assertThat(Files.readString(evicted)).contains("Paragraph 39 about glaciers");
        assertThat(md)
                .contains("Full text (")
                .contains("](pages/" + evicted.getFileName() + ")")
                .doesNotContain("Paragraph 39 about glaciers");
        assertThat(source.path("chars").asInt()).isGreaterThan(1000);
    }

    @Test
    void a_job_dropped_again_is_served_from_the_cache() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/a", 200, "text/html", article("Cached", "Caching makes a second run of the same job cheap."));
        tavily.results("caching", new Result(site.url("/a"), "Cached", ""));

        drop("first.txt", "caching\n");
        awaitReport("first/caching.md");
        int siteRequests = site.requests().size();
        drop("second.txt", "caching\n");

        String md = read(awaitReport("second/caching.md"));
        assertThat(tavily.searchCalls()).isEqualTo(1);
        assertThat(site.requests()).hasSize(siteRequests);
        assertThat(md).contains("(served from cache)").contains("(fresh from cache)");
    }
}
