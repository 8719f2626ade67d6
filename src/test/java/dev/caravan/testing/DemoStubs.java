package dev.caravan.testing;

import dev.caravan.intake.JobParser;
import dev.caravan.intake.JobReader;
import dev.caravan.model.Query;
import dev.caravan.testing.TavilyStub.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The demo without network access ({@code ./demo}): a Tavily stub and a small web site on loopback that answer every
 * query of every shipped example in {@code input/examples/}, and copies of those examples in
 * {@code target/demo/examples/} whose real-site URLs point at mirror pages on the stub site. Prints what to do next.
 * Stops with Ctrl-C.
 */
public final class DemoStubs implements AutoCloseable {

    private static final Pattern URL = Pattern.compile("https?://([A-Za-z0-9.-]+)(/[^\\s\"',\\]]*)?");

    private final TavilyStub tavily;
    private final StubServer site;
    private final List<Path> examples;

    private DemoStubs(TavilyStub tavily, StubServer site, List<Path> examples) {
        this.tavily = tavily;
        this.site = site;
        this.examples = examples;
    }

    public static void main(String[] args) throws Exception {
        DemoStubs demo = start(Path.of("input/examples"), Path.of("target/demo/examples"));
        System.out.println();
        System.out.println("Caravan demo: a search stub and a web site are running on 127.0.0.1 (no network needed).");
        System.out.println("  Tavily stub: " + demo.tavilyUrl() + "   web site: " + demo.site.baseUrl());
        System.out.println();
        System.out.println("Next, in another terminal, from the project root:");
        System.out.println("  1. start Caravan against the stubs:");
        System.out.println("     " + demo.runCommand());
        System.out.println("  2. drop the shipped examples in (copies whose real-site URLs point at the stub site):");
        System.out.println("     cp target/demo/examples/* input/");
        System.out.println(
                "  3. read the reports as they are written: output/energy/<run>/, output/glaciers/<run>/, output/tides/<run>/");
        System.out.println("     (and the events log: output/events.jsonl)");
        System.out.println();
        System.out.println("Stop Caravan and then this demo with Ctrl-C.");
        new CountDownLatch(1).await();
    }

    /**
     * Starts the stubs with results for every query of the examples in {@code examplesDir}, and writes their demo
     * copies to {@code demoDir}.
     */
    public static DemoStubs start(Path examplesDir, Path demoDir) throws IOException {
        TavilyStub tavily = new TavilyStub();
        StubServer site = new StubServer();
        site.page("/robots.txt", 200, "text/plain", "User-agent: *\nDisallow: /admin\n");
        Files.createDirectories(demoDir);
        List<Path> copies = new ArrayList<>();
        JobReader reader = new JobReader(new JobParser(), 1_048_576, java.time.Clock.systemUTC());
        for (Path example : exampleFiles(examplesDir)) {
            String text = Files.readString(example);
            Matcher m = URL.matcher(text);
            StringBuilder rewritten = new StringBuilder();
            while (m.find()) {
                String mirror = "/mirror/" + m.group(1) + (m.group(2) == null ? "/" : m.group(2));
                site.page(
                        mirror,
                        200,
                        "text/html; charset=utf-8",
                        page(
                                "Mirror of " + m.group(1),
                                "This page stands in for " + m.group(0)
                                        + " so that the demo runs without network access.",
                                "It is served by the demo's stub web site on the loopback address."));
                m.appendReplacement(rewritten, Matcher.quoteReplacement(site.url(mirror)));
            }
            m.appendTail(rewritten);
            Path copy = demoDir.resolve(example.getFileName());
            Files.writeString(copy, rewritten);
            copies.add(copy);
            for (Query query : reader.read(copy.toString()).queries()) {
                if (query.searches()) answer(tavily, site, query.text());
            }
        }
        return new DemoStubs(tavily, site, copies);
    }

    /** Two pages about {@code query}, and the search results that point at them. */
    private static void answer(TavilyStub tavily, StubServer site, String query) {
        String slug = query.toLowerCase(java.util.Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-|-$", "");
        String topic = query.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + query.substring(1);
        site.page(
                "/" + slug + "/overview",
                200,
                "text/html; charset=utf-8",
                page(
                        topic + ": an overview",
                        "This demo page is about " + query + ", written for Caravan's demo.",
                        "The first thing to know about " + query + " is that the figures change from year to year.",
                        "Measurements and reports on " + query
                                + " come from agencies, universities and industry groups."));
        site.page(
                "/" + slug + "/details",
                200,
                "text/html; charset=utf-8",
                page(
                        topic + " in detail",
                        "A second demo page looks at " + query + " in more detail, with its own wording.",
                        "Experts who study " + query + " compare several sources before they draw conclusions."));
        site.page("/" + slug + "/gone", 404, "text/plain", "gone");
        tavily.results(
                query,
                new Result(
                        site.url("/" + slug + "/overview"),
                        topic + ": an overview",
                        "This demo page is about " + query),
                new Result(site.url("/" + slug + "/details"), topic + " in detail", "A second demo page"),
                new Result(site.url("/admin/" + slug), "Disallowed by robots.txt", "never fetched"),
                new Result(site.url("/" + slug + "/gone"), "A page that is gone", "HTTP 404"));
    }

    private static String page(String title, String... paragraphs) {
        StringBuilder b = new StringBuilder("<!doctype html><html lang=\"en\"><head><title>")
                .append(title)
                .append("</title></head><body><nav><a href=\"/\">Home</a></nav><article><h1>")
                .append(title)
                .append("</h1>");
        for (String p : paragraphs) b.append("<p>").append(p).append("</p>");
        return b.append("</article><footer>Demo site footer</footer></body></html>")
                .toString();
    }

    private static List<Path> exampleFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            Set<String> jobs = Set.of("txt", "json", "yaml", "yml");
            return files.filter(f -> jobs.contains(f.getFileName().toString().replaceAll(".*\\.", "")))
                    .sorted()
                    .toList();
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

    public List<Path> examples() {
        return List.copyOf(examples);
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
