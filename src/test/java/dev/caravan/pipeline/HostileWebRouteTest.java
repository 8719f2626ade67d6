package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.testing.StubServer;
import dev.caravan.testing.TavilyStub.Result;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** Hostile pages end as specific lines under Not retrieved; the report is still written, on time. */
class HostileWebRouteTest extends PipelineTestSupport {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TIMEOUT_MS = 1500;

    @Override
    void overrides(Properties p) {
        p.put("research.fetch.timeout-ms", Integer.toString(TIMEOUT_MS));
        p.put("research.fetch.max-bytes", "100000");
        p.put("research.fetch.host-delay-ms", "0");
    }

    @Test
    void addresses_the_policy_refuses_are_never_connected_to_even_after_a_redirect() throws Exception {
        try (StubServer forbidden = new StubServer("127.0.0.2")) {
            forbidden.page("/secret", 200, "text/html", "<p>internal data</p>");
            site.page("/robots.txt", 404, "text/plain", "");
            site.on("/to-private", (ex, b) -> {
                ex.getResponseHeaders().set("Location", forbidden.url("/secret"));
                StubServer.respond(ex, 302, "text/plain", "");
            });
            String decimal = "http://2130706434:" + forbidden.port() + "/decimal";
            tavily.results(
                    "ssrf",
                    new Result(forbidden.url("/secret"), "direct", ""),
                    new Result("http://[::1]:" + site.port() + "/robots.txt", "ipv6 loopback", ""),
                    new Result("http://localhost:" + site.port() + "/robots.txt", "by name", ""),
                    new Result(decimal, "numeric trick", ""),
                    new Result("http://user:pw@userinfo.invalid/", "userinfo", ""),
                    new Result(site.url("/to-private"), "redirect", ""));

            drop("ssrf.json", "{\"queries\": [{\"query\": \"ssrf\", \"max_results\": 10}]}");

            JsonNode sources = sidecar("ssrf/ssrf.json").path("sources");
            assertThat(forbidden.requests()).isEmpty();
            assertThat(sources).hasSize(6);
            for (JsonNode s : sources) {
                assertThat(s.path("outcome").asText())
                        .as(s.path("url").asText())
                        .isEqualTo("blocked");
                assertThat(s.path("reason").asText()).as(s.path("url").asText()).isNotBlank();
            }
            JsonNode userinfo = java.util.stream.StreamSupport.stream(sources.spliterator(), false)
                    .filter(s -> s.path("url").asText().contains("userinfo.invalid"))
                    .findFirst()
                    .orElseThrow();
            assertThat(userinfo.path("reason").asText()).contains("userinfo");
            assertThat(site.requestsTo("/to-private")).hasSize(1);
            String md = read(inRun("ssrf/ssrf.md"));
            assertThat(md).contains("## Not retrieved").contains(forbidden.url("/secret"));
        }
    }

    @Test
    void no_route_sends_http_itself_so_every_request_goes_through_the_guarded_client() {
        assertThat(context.getEndpoints())
                .extracting(e -> e.getEndpointUri())
                .noneMatch(uri -> uri.startsWith("http:") || uri.startsWith("https:"));
    }

    @Test
    void slow_huge_looping_and_disguised_pages_become_specific_reasons_within_the_deadline() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        site.on("/drip", (ex, b) -> {
            ex.getResponseHeaders().set("Content-Type", "text/html");
            ex.sendResponseHeaders(200, 0);
            try (OutputStream out = ex.getResponseBody()) {
                for (int i = 0; i < 60; i++) {
                    out.write('x');
                    out.flush();
                    Thread.sleep(200);
                }
            } catch (IOException | InterruptedException stopped) {
                // the client hung up, as it should
            }
        });
        site.page("/huge", 200, "text/html", "<p>" + "word ".repeat(60_000) + "</p>");
        byte[] bomb = gzipOfZeros(50_000_000);
        site.on("/bomb", (ex, b) -> {
            ex.getResponseHeaders().set("Content-Type", "text/html");
            ex.getResponseHeaders().set("Content-Encoding", "gzip");
            ex.sendResponseHeaders(200, bomb.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(bomb);
            } catch (IOException stopped) {
                // the client hung up
            }
        });
        site.on("/loop-a", redirect("/loop-b"));
        site.on("/loop-b", redirect("/loop-a"));
        byte[] noise = new byte[4096];
        new Random(7).nextBytes(noise);
        site.on("/binary", (ex, b) -> {
            ex.getResponseHeaders().set("Content-Type", "text/html");
            ex.sendResponseHeaders(200, noise.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(noise);
            }
        });
        site.page("/fine", 200, "text/html", article("Fine", "A perfectly ordinary page sits among the hostile ones."));
        String[] paths = {"/drip", "/huge", "/bomb", "/loop-a", "/binary", "/fine"};
        Result[] results = new Result[paths.length];
        for (int i = 0; i < paths.length; i++) results[i] = new Result(site.url(paths[i]), paths[i], "");
        tavily.results("hostile", results);

        Instant start = Instant.now();
        drop("hostile.json", "{\"queries\": [{\"query\": \"hostile\", \"max_results\": 10}]}");
        JsonNode sources = sidecar("hostile/hostile.json").path("sources");
        Duration took = Duration.between(start, Instant.now());

        Map<String, String> outcome = new HashMap<>();
        for (JsonNode s : sources)
            outcome.put(
                    s.path("url").asText().replace(site.baseUrl(), ""),
                    s.path("outcome").asText());
        assertThat(outcome)
                .containsEntry("/drip", "timeout")
                .containsEntry("/huge", "too_large")
                .containsEntry("/bomb", "too_large")
                .containsEntry("/loop-a", "redirect_limit")
                .containsEntry("/binary", "unsupported_type")
                .containsEntry("/fine", "ok");
        long boundMs = (long) paths.length * TIMEOUT_MS + 2000;
        System.out.printf(
                java.util.Locale.ROOT,
                "FIGURE hostile job: %d ms for %d pages (bound pages x deadline + 2 s = %d ms)%n",
                took.toMillis(),
                paths.length,
                boundMs);
        assertThat(took).isLessThan(Duration.ofMillis(boundMs));
    }

    @Test
    void a_429_with_retry_after_pauses_only_that_host_then_retries_once() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        site.on("/busy", (ex, b) -> {
            if (calls.incrementAndGet() == 1) {
                ex.getResponseHeaders().set("Retry-After", "1");
                StubServer.respond(ex, 429, "text/plain", "slow down");
            } else {
                StubServer.respond(ex, 200, "text/html", article("Busy", "The busy page answers after a pause."));
            }
        });
        try (StubServer other = new StubServer()) {
            other.page("/robots.txt", 404, "text/plain", "");
            other.page("/quick", 200, "text/html", article("Quick", "Another host is not slowed by the pause."));
            tavily.results(
                    "pause", new Result(site.url("/busy"), "busy", ""), new Result(other.url("/quick"), "q", ""));

            drop("pause.txt", "pause\n");

            JsonNode sources = sidecar("pause/pause.json").path("sources");
            assertThat(sources.get(0).path("outcome").asText()).isEqualTo("ok");
            var busy = site.requestsTo("/busy");
            assertThat(busy).hasSize(2);
            System.out.printf(
                    java.util.Locale.ROOT,
                    "FIGURE Retry-After 1 s: retried after %d ms%n",
                    Duration.between(busy.get(0).at(), busy.get(1).at()).toMillis());
            assertThat(Duration.between(busy.get(0).at(), busy.get(1).at()))
                    .isGreaterThanOrEqualTo(Duration.ofMillis(950));
            assertThat(other.requestsTo("/quick").get(0).at())
                    .isBefore(busy.get(1).at());
        }
    }

    @Test
    void pdf_json_and_latin1_pages_are_converted_by_their_content_type() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        byte[] pdf = pdf("Lighthouses guide ships along dangerous coasts at night.");
        site.on("/guide.pdf", (ex, b) -> {
            ex.getResponseHeaders().set("Content-Type", "application/pdf");
            ex.sendResponseHeaders(200, pdf.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(pdf);
            }
        });
        site.page("/data", 200, "application/json", "{\"lighthouses\": 3}");
        byte[] latin1 =
                "<html><head><title>Phare</title></head><body><p>Le phare de l'\u00eele est allum\u00e9 chaque nuit.</p></body></html>"
                        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        site.on("/phare", (ex, b) -> {
            ex.getResponseHeaders().set("Content-Type", "text/html; charset=ISO-8859-1");
            ex.sendResponseHeaders(200, latin1.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(latin1);
            }
        });
        tavily.results(
                "lighthouses",
                new Result(site.url("/guide.pdf"), "pdf", ""),
                new Result(site.url("/data"), "json", ""),
                new Result(site.url("/phare"), "fr", ""));

        drop("light.txt", "lighthouses\n");

        String md = read(awaitReport("light/lighthouses.md"));
        assertThat(md)
                .contains("Lighthouses guide ships along dangerous coasts at night. [1]")
                .contains("application/pdf")
                .contains("```json")
                .contains("Le phare de l'\u00eele est allum\u00e9 chaque nuit.");
    }

    private static byte[] pdf(String text) throws IOException {
        try (org.apache.pdfbox.pdmodel.PDDocument doc = new org.apache.pdfbox.pdmodel.PDDocument()) {
            org.apache.pdfbox.pdmodel.PDPage page = new org.apache.pdfbox.pdmodel.PDPage();
            doc.addPage(page);
            try (var content = new org.apache.pdfbox.pdmodel.PDPageContentStream(doc, page)) {
                content.beginText();
                content.setFont(
                        new org.apache.pdfbox.pdmodel.font.PDType1Font(
                                org.apache.pdfbox.pdmodel.font.Standard14Fonts.FontName.HELVETICA),
                        12);
                content.newLineAtOffset(50, 700);
                content.showText(text);
                content.endText();
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        }
    }

    @Test
    void a_host_name_of_thousands_of_labels_fails_only_its_page_as_result_job_url_or_redirect() throws Exception {
        String longHost = "a.".repeat(1550) + "example.com";
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/fine", 200, "text/html", article("Fine page", "A fine page that is fetched as usual."));
        site.on("/to-long", (ex, b) -> {
            ex.getResponseHeaders().set("Location", "http://" + longHost + "/");
            StubServer.respond(ex, 302, "text/plain", "");
        });
        tavily.results(
                "long host",
                new Result("http://" + longHost + "/result", "long result", ""),
                new Result(site.url("/to-long"), "redirect to a long host", ""),
                new Result(site.url("/fine"), "fine", ""));

        drop(
                "longhost.json",
                "{\"queries\": [{\"query\": \"long host\", \"max_results\": 10," + " \"urls\": [\"http://" + longHost
                        + "/job\"]}]}");

        JsonNode sources = sidecar("longhost/long-host.json").path("sources");
        assertThat(sources).hasSize(4);
        Map<String, String> outcomes = new HashMap<>();
        for (JsonNode s : sources)
            outcomes.put(s.path("url").asText(), s.path("outcome").asText());
        assertThat(outcomes.get(site.url("/fine"))).isEqualTo("ok");
        assertThat(outcomes.get(site.url("/to-long"))).isEqualTo("blocked");
        assertThat(outcomes.get("http://" + longHost + "/result")).isIn("blocked", "invalid_url");
        assertThat(outcomes.get("http://" + longHost + "/job")).isIn("blocked", "invalid_url");
        assertThat(awaitMoved("processed", ".json", 1)).hasSize(1);
    }

    @Test
    void the_fragment_of_a_url_is_never_sent_to_the_server() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/anchored", 200, "text/html", article("Anchored", "A page that is linked with a fragment."));
        tavily.results("fragment", new Result(site.url("/anchored#section-2"), "with a fragment", ""));

        drop("fragment.json", "{\"queries\": [\"fragment\"]}");

        JsonNode source = sidecar("fragment/fragment.json").path("sources").get(0);
        assertThat(source.path("outcome").asText()).isEqualTo("ok");
        assertThat(site.requests())
                .extracting(StubServer.Recorded::path)
                .contains("/anchored")
                .noneMatch(path -> path.contains("#") || path.contains("%23"));
    }

    @Test
    void no_url_from_a_job_search_result_or_redirect_is_resolved_as_a_camel_placeholder() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        site.on("/to-placeholder", (ex, b) -> {
            ex.getResponseHeaders().set("Location", "/echo?k=%7B%7Bresearch.tavily.api-key%7D%7D");
            StubServer.respond(ex, 302, "text/plain", "");
        });
        site.page("/echo", 200, "text/plain", "An echo page with enough text to be kept as a source.");
        tavily.results(
                "placeholders",
                new Result(site.url("/p?k={{research.tavily.api-key}}"), "raw placeholder", ""),
                new Result(site.url("/to-placeholder"), "redirect to an encoded placeholder", ""));

        drop(
                "placeholders.json",
                "{\"queries\": [{\"query\": \"placeholders\"," + " \"urls\": [\""
                        + site.url("/job?k={{env:TAVILY_API_KEY}}") + "\"]}]}");

        JsonNode sources = sidecar("placeholders/placeholders.json").path("sources");
        assertThat(sources).hasSize(3);
        assertThat(site.requests())
                .extracting(StubServer.Recorded::path)
                .contains("/echo?k=%7B%7Bresearch.tavily.api-key%7D%7D")
                .noneMatch(path -> path.contains(dev.caravan.testing.TavilyStub.KEY)
                        || path.startsWith("/p")
                        || path.startsWith("/job"));
        assertThat(read(inRun("placeholders/placeholders.md"))).doesNotContain(dev.caravan.testing.TavilyStub.KEY);
    }

    private JsonNode sidecar(String path) throws Exception {
        return JSON.readTree(awaitReport(path).toFile());
    }

    private StubServer.Handler redirect(String to) {
        return (ex, b) -> {
            ex.getResponseHeaders().set("Location", site.url(to));
            StubServer.respond(ex, 302, "text/plain", "");
        };
    }

    private static byte[] gzipOfZeros(int size) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            byte[] zeros = new byte[65536];
            for (int left = size; left > 0; left -= zeros.length) gz.write(zeros, 0, Math.min(left, zeros.length));
        }
        return bytes.toByteArray();
    }
}
