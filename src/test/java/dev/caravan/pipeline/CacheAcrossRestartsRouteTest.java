package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.testing.StubServer;
import dev.caravan.testing.TavilyStub;
import dev.caravan.testing.TavilyStub.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One job run twice with Caravan restarted in between (a new Camel Main on the same folders: nothing kept in memory).
 * The site's pages say {@code Cache-Control: no-cache} (always revalidate) and carry validators; between the runs one
 * page changes. The second run asks only conditionally, reuses what answered 304 without converting it again, fetches
 * and converts the changed page, repeats no search, and keeps no page sent with {@code no-store}.
 */
class CacheAcrossRestartsRouteTest {

    private static final String QUERY = "how do heat pumps work";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    private TavilyStub tavily;
    private StubServer site;
    /** Each page's current body and ETag; the handler answers 304 to a matching If-None-Match / If-Modified-Since. */
    private final Map<String, String[]> pages = new ConcurrentHashMap<>();

    private static final String LAST_MODIFIED = "Wed, 06 May 2026 10:00:00 GMT";

    @BeforeEach
    void stubs() throws IOException {
        tavily = new TavilyStub();
        site = new StubServer();
        site.page("/robots.txt", 404, "text/plain", "");
        pages.put("/a", new String[] {"\"a1\"", article("Heat pumps", "A heat pump moves heat from outside air.")});
        pages.put("/b", new String[] {"\"b1\"", article("Compressors", "The compressor raises the temperature.")});
        pages.put("/c", new String[] {null, article("Radiators", "Radiators release the heat pump's warmth.")});
        pages.put("/nostore", new String[] {"\"n1\"", article("Private", "A heat pump page marked no-store.")});
        for (String path : pages.keySet()) {
            site.on(path, (ex, body) -> {
                String[] page = pages.get(path);
                String etag = page[0];
                ex.getResponseHeaders().set("Cache-Control", path.equals("/nostore") ? "no-store" : "no-cache");
                if (etag != null) ex.getResponseHeaders().set("ETag", etag);
                else ex.getResponseHeaders().set("Last-Modified", LAST_MODIFIED);
                String ifNoneMatch = ex.getRequestHeaders().getFirst("If-None-Match");
                String ifModifiedSince = ex.getRequestHeaders().getFirst("If-Modified-Since");
                boolean same = etag != null ? etag.equals(ifNoneMatch) : LAST_MODIFIED.equals(ifModifiedSince);
                if (same) {
                    ex.sendResponseHeaders(304, -1);
                    ex.close();
                    return;
                }
                StubServer.respond(ex, 200, "text/html; charset=utf-8", page[1]);
            });
        }
        tavily.results(
                QUERY,
                new Result(site.url("/a"), "Heat pumps", ""),
                new Result(site.url("/b"), "Compressors", ""),
                new Result(site.url("/c"), "Radiators", ""),
                new Result(site.url("/nostore"), "Private", ""));
    }

    @AfterEach
    void stop() {
        tavily.close();
        site.close();
    }

    @Test
    void after_a_restart_the_job_asks_only_conditionally_reuses_304s_and_converts_only_the_changed_page()
            throws Exception {
        runOnce();
        int firstRunRequests = site.requests().size();
        pages.put("/b", new String[] {"\"b2\"", article("Compressors", "A new compressor design saves power.")});

        runOnce();

        List<StubServer.Recorded> second =
                site.requests().subList(firstRunRequests, site.requests().size());
        List<StubServer.Recorded> pageRequests =
                second.stream().filter(r -> !r.path().equals("/robots.txt")).toList();
        assertThat(pageRequests)
                .extracting(StubServer.Recorded::path)
                .containsExactlyInAnyOrder("/a", "/b", "/c", "/nostore");
        for (StubServer.Recorded r : pageRequests) {
            boolean conditional = r.header("If-None-Match") != null || r.header("If-Modified-Since") != null;
            assertThat(conditional)
                    .as(r.path() + " asked conditionally")
                    .isEqualTo(!r.path().equals("/nostore"));
        }
        assertThat(tavily.searchCalls()).as("no search repeated within its TTL").isEqualTo(1);

        List<Path> runs = runs();
        assertThat(runs).hasSize(2);
        String md = Files.readString(runs.get(1).resolve("how-do-heat-pumps-work.md"));
        JsonNode sidecar =
                JSON.readTree(runs.get(1).resolve("how-do-heat-pumps-work.json").toFile());
        assertThat(deliveries(sidecar))
                .containsExactly(
                        Map.entry(site.url("/a"), "revalidated"),
                        Map.entry(site.url("/b"), "refetched"),
                        Map.entry(site.url("/c"), "revalidated"),
                        Map.entry(site.url("/nostore"), "fetched"));
        assertThat(md)
                .contains("A heat pump moves heat from outside air.") // reused from the store after a 304
                .contains("A new compressor design saves power.") // changed: fetched and converted again
                .doesNotContain("The compressor raises the temperature.")
                .contains("(revalidated, not modified (304))")
                .contains("(fetched again)");
        assertThat(sidecar.path("changes").path("changed_pages").findValuesAsText("url"))
                .containsExactly(site.url("/b"));
        String events = Files.readString(work.resolve("output/events.jsonl"));
        assertThat(events).contains("\"delivery\":\"revalidated\"").contains("\"delivery\":\"refetched\"");
    }

    private static Map<String, String> deliveries(JsonNode sidecar) {
        Map<String, String> byUrl = new java.util.LinkedHashMap<>();
        for (JsonNode s : sidecar.path("sources"))
            byUrl.put(s.path("url").asText(), s.path("delivery").asText());
        return byUrl;
    }

    /** Starts Caravan, drops the job, waits for its report in a new run folder, and stops Caravan. */
    private void runOnce() throws Exception {
        int before = runs().size();
        Properties p = new Properties();
        p.put("camel.main.name", "caravan-restart-" + before);
        p.put("research.input.dir", work.resolve("input").toString());
        p.put("research.output.dir", work.resolve("output").toString());
        p.put("research.cache.dir", work.resolve("cache").toString());
        p.put("research.input.poll-delay-ms", "100");
        p.put("research.input.settle-ms", "100");
        p.put("research.tavily.base-url", tavily.baseUrl());
        p.put("research.tavily.api-key", TavilyStub.KEY);
        p.put("research.fetch.host-delay-ms", "0");
        p.put("research.guard.allowed-addresses", "127.0.0.1/32");
        p.put("research.report.model", "none");
        Main main = new Main();
        main.setPropertyPlaceholderLocations("file:application.properties");
        main.setOverrideProperties(p);
        main.start();
        try {
            Files.createDirectories(work.resolve("input"));
            Path temp = work.resolve("heat.partial");
            Files.writeString(temp, QUERY + "\n", StandardCharsets.UTF_8);
            Files.move(temp, work.resolve("input/heat.txt"));
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> runs().size() == before + 1
                            && Files.exists(runs().get(before).resolve("how-do-heat-pumps-work.json"))
                            && !Files.exists(work.resolve("input/heat.txt")));
        } finally {
            main.stop();
        }
    }

    private List<Path> runs() throws IOException {
        Path job = work.resolve("output/heat");
        if (!Files.isDirectory(job)) return new ArrayList<>();
        try (Stream<Path> s = Files.list(job)) {
            return s.filter(Files::isDirectory)
                    .filter(d -> !d.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        }
    }

    private static String article(String title, String text) {
        return PipelineTestSupport.article(
                title, text + " " + "Heat pumps are efficient machines for homes. ".repeat(3));
    }
}
