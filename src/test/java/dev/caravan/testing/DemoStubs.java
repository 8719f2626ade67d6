package dev.caravan.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.testing.TavilyStub.Result;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.zip.GZIPInputStream;

/**
 * The demo without network access ({@code ./demo}): a Tavily stub and a web site on loopback. The site serves real
 * pages (from the WCXB benchmark, CC BY 4.0; see {@code src/test/resources/demo/ATTRIBUTION.md}), and the stub answers
 * each query of the shipped examples in {@code input/examples/} with the page that answers it, other pages on the same
 * topic, a page robots.txt disallows and one that is gone. Prints what to do next. Stops with Ctrl-C.
 */
public final class DemoStubs implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SITE = "/demo/site.json";

    /** A demo query, and the short answer that its first page states. */
    public record Question(String query, String answer, String sourceUrl) {}

    private final TavilyStub tavily;
    private final StubServer site;
    private final List<Question> questions;

    private DemoStubs(TavilyStub tavily, StubServer site, List<Question> questions) {
        this.tavily = tavily;
        this.site = site;
        this.questions = questions;
    }

    public static void main(String[] args) throws Exception {
        DemoStubs demo = start();
        System.out.println();
        System.out.println("Caravan demo: a search stub and a web site are running on 127.0.0.1 (no network needed).");
        System.out.println("  Tavily stub: " + demo.tavilyUrl() + "   web site: " + demo.site.baseUrl()
                + " (real pages from the WCXB benchmark, CC BY 4.0)");
        System.out.println();
        System.out.println("Next, in another terminal, from the project root:");
        System.out.println("  1. start Caravan against the stubs:");
        System.out.println("     " + demo.runCommand());
        System.out.println("  2. drop the shipped examples in:");
        System.out.println("     cp input/examples/* input/");
        System.out.println("  3. read the reports as they are written: output/home/<run>/, output/health/<run>/,"
                + " output/devtools/<run>/");
        System.out.println("     (and the events log: output/events.jsonl). Each report's key findings should quote its"
                + " answer, e.g.:");
        for (Question q : demo.questions().subList(0, 3)) {
            System.out.println("       " + q.query() + "  ->  " + q.answer());
        }
        System.out.println();
        System.out.println("Stop Caravan and then this demo with Ctrl-C.");
        new CountDownLatch(1).await();
    }

    /** Starts the stubs with the demo's pages and a search result list for each of its queries. */
    public static DemoStubs start() throws IOException {
        JsonNode demo = JSON.readTree(resource(SITE));
        TavilyStub tavily = new TavilyStub()
                .answer("The demo's search stub has no answer of its own; with a real key, Tavily's answer is here.");
        StubServer site = new StubServer();
        site.page("/robots.txt", 200, "text/plain", "User-agent: *\nDisallow: /admin\n");
        Map<String, Result> results = new LinkedHashMap<>();
        for (var page : demo.path("pages").properties()) {
            String original = page.getValue().path("url").asText();
            String path = "/" + original.replaceFirst("^https?://", "");
            String html =
                    new String(gunzip(resource("/demo/pages/" + page.getKey() + ".html.gz")), StandardCharsets.UTF_8);
            site.page(path, 200, "text/html; charset=utf-8", html);
            String title = page.getValue().path("title").asText();
            results.put(page.getKey(), new Result(site.url(path), title, "A copy of " + original));
        }
        List<Question> questions = new ArrayList<>();
        for (JsonNode q : demo.path("queries")) {
            String query = q.path("query").asText();
            String slug = slug(query);
            List<Result> answer = new ArrayList<>();
            for (JsonNode id : q.path("results")) answer.add(results.get(id.asText()));
            // after the two best results: one robots.txt disallows and one is gone, as on the real web
            answer.add(2, new Result(site.url("/admin/" + slug), "Disallowed by robots.txt", "never fetched"));
            site.page("/gone/" + slug, 404, "text/plain", "gone");
            answer.add(3, new Result(site.url("/gone/" + slug), "A page that is gone", "HTTP 404"));
            tavily.results(query, answer.toArray(Result[]::new));
            questions.add(
                    new Question(query, q.path("answer").asText(), answer.get(0).url()));
        }
        return new DemoStubs(tavily, site, List.copyOf(questions));
    }

    private static String slug(String query) {
        return query.toLowerCase(java.util.Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-|-$", "");
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = DemoStubs.class.getResourceAsStream(name)) {
            if (in == null) throw new IOException("missing demo resource " + name);
            return in.readAllBytes();
        }
    }

    private static byte[] gunzip(byte[] gz) {
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(gz))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The command that runs Caravan against these stubs. */
    public String runCommand() {
        return "TAVILY_API_KEY=" + TavilyStub.KEY + " RESEARCH_TAVILY_BASE_URL=" + tavilyUrl()
                + " RESEARCH_GUARD_ALLOWED_ADDRESSES=127.0.0.1/32 ./caravan";
    }

    public String tavilyUrl() {
        return tavily.baseUrl();
    }

    /** The demo's queries, each with the answer its first page states. */
    public List<Question> questions() {
        return questions;
    }

    /** Every request the web site saw, for tests. */
    public Set<String> sitePaths() {
        Set<String> paths = new LinkedHashSet<>();
        site.requests().forEach(r -> paths.add(r.path()));
        return paths;
    }

    @Override
    public void close() {
        tavily.close();
        site.close();
    }
}
