package dev.caravan.pipeline;

import static org.awaitility.Awaitility.await;

import dev.caravan.testing.StubServer;
import dev.caravan.testing.TavilyStub;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.camel.test.junit5.CamelContextConfiguration;
import org.apache.camel.test.main.junit5.CamelMainTestSupport;
import org.junit.jupiter.api.AfterEach;

/**
 * Boots the real application (root application.properties, routes/*.yaml) with its folders in a temp dir and its
 * network pointed at loopback stubs: a Tavily stub and a small web site.
 */
abstract class PipelineTestSupport extends CamelMainTestSupport {

    // set up from configureContext, which CamelTestSupport calls from its constructor: no field initializers here
    Path work;
    TavilyStub tavily;
    StubServer site;

    private void start() {
        try {
            work = Files.createTempDirectory("caravan-test");
            tavily = new TavilyStub();
            site = new StubServer();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterEach
    void stopStubs() {
        tavily.close();
        site.close();
    }

    @Override
    protected String getPropertyPlaceholderLocations() {
        return "file:application.properties";
    }

    @Override
    public void configureContext(CamelContextConfiguration config) {
        super.configureContext(config);
        start();
        Properties p = new Properties();
        p.put("research.input.dir", input().toString());
        p.put("research.output.dir", output().toString());
        p.put("research.cache.dir", work.resolve("cache").toString());
        p.put("research.input.poll-delay-ms", "100");
        p.put("research.input.settle-ms", "200");
        p.put("research.tavily.base-url", tavily.baseUrl());
        p.put("research.tavily.api-key", TavilyStub.KEY);
        p.put("research.search.retry-delay-ms", "50");
        p.put("research.fetch.host-delay-ms", "50");
        p.put("research.fetch.timeout-ms", "3000");
        p.put("research.guard.allowed-addresses", "127.0.0.1/32");
        p.put("research.jobs.warm-up-rounds", "0"); // many contexts in one JVM: the first warms it for all
        overrides(p);
        config.withUseOverridePropertiesWithPropertiesComponent(p);
    }

    /** Subclasses change settings here. */
    void overrides(Properties p) {}

    /** An open robots.txt, a page on ocean tides, and the search "what causes ocean tides" that finds it. */
    void tidesSite() {
        site.page("/robots.txt", 200, "text/plain", "User-agent: *\nDisallow:\n");
        site.page(
                "/tides",
                200,
                "text/html",
                article(
                        "Tides explained",
                        "Ocean tides are caused mainly by the gravitational pull of the Moon on the oceans of the Earth."));
        tavily.results("what causes ocean tides", new TavilyStub.Result(site.url("/tides"), "Tides", "snippet"));
    }

    Path input() {
        return work.resolve("input");
    }

    Path output() {
        return work.resolve("output");
    }

    /** Drops a job file the way users do: written elsewhere, then moved in. */
    void drop(String name, String content) throws IOException {
        Files.createDirectories(input());
        Path temp = work.resolve(name + ".partial");
        Files.writeString(temp, content, StandardCharsets.UTF_8);
        Files.move(temp, input().resolve(name));
    }

    void dropBytes(String name, byte[] content) throws IOException {
        Files.createDirectories(input());
        Path temp = work.resolve(name + ".partial");
        Files.write(temp, content);
        Files.move(temp, input().resolve(name));
    }

    /** Waits until {@code file} exists (reports are renamed into place, so existing means complete). */
    Path awaitFile(Path file) throws InterruptedException {
        await("waiting for " + file)
                .atMost(Duration.ofSeconds(30))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> Files.exists(file));
        return file;
    }

    /**
     * Waits until {@code jobAndFile} ({@code <job>/<file>}) exists in a run folder of the job,
     * {@code output/<job>/<run>/<file>}, and returns it (every run of a job writes to a folder of its own).
     */
    Path awaitReport(String jobAndFile) {
        return await("waiting for " + jobAndFile + " in a run folder")
                .atMost(Duration.ofSeconds(30))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> findInRun(jobAndFile), java.util.Optional::isPresent)
                .get();
    }

    /** {@code output/<job>/<run>/<file>} of the job's first run folder ({@code <job>/<file>}), whether it exists or not. */
    Path inRun(String jobAndFile) throws IOException {
        int slash = jobAndFile.indexOf('/');
        Path jobDir = output().resolve(jobAndFile.substring(0, slash));
        List<Path> runs = runDirs(jobDir);
        return (runs.isEmpty() ? jobDir.resolve("no-run-yet") : runs.get(0)).resolve(jobAndFile.substring(slash + 1));
    }

    /** The run folder of a job's only (or first) run, {@code output/<job>/<run>/}. */
    Path runDir(String job) throws IOException {
        List<Path> runs = runDirs(output().resolve(job));
        if (runs.isEmpty()) throw new AssertionError("no run folder in " + output().resolve(job));
        return runs.get(0);
    }

    java.util.Optional<Path> findInRun(String jobAndFile) throws IOException {
        int slash = jobAndFile.indexOf('/');
        String rest = jobAndFile.substring(slash + 1);
        for (Path run : runDirs(output().resolve(jobAndFile.substring(0, slash)))) {
            if (Files.exists(run.resolve(rest))) return java.util.Optional.of(run.resolve(rest));
        }
        return java.util.Optional.empty();
    }

    /** A job's run folders, oldest first. */
    static List<Path> runDirs(Path jobDir) throws IOException {
        if (!Files.isDirectory(jobDir)) return List.of();
        try (Stream<Path> s = Files.list(jobDir)) {
            return s.filter(Files::isDirectory)
                    .filter(d -> !d.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        }
    }

    /** Waits until the input folder's {@code sub} folder holds {@code count} entries matching {@code suffix}. */
    List<Path> awaitMoved(String sub, String suffix, int count) throws Exception {
        return await("waiting for " + count + " file(s) in " + sub)
                .atMost(Duration.ofSeconds(30))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> list(input().resolve(sub), suffix), files -> files.size() >= count);
    }

    static List<Path> list(Path dir, String suffix) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(f -> f.getFileName().toString().endsWith(suffix))
                    .sorted()
                    .toList();
        }
    }

    static String read(Path file) throws IOException {
        return Files.readString(file);
    }

    static String article(String title, String... paragraphs) {
        StringBuilder b = new StringBuilder("<!doctype html><html lang=\"en\"><head><title>")
                .append(title)
                .append("</title></head><body><nav><a href=\"/\">Home</a> <a href=\"/about\">About</a></nav>"
                        + "<article><h1>")
                .append(title)
                .append("</h1>");
        for (String p : paragraphs) b.append("<p>").append(p).append("</p>");
        return b.append("</article><footer>Copyright footer text</footer></body></html>")
                .toString();
    }
}
