package dev.caravan.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.model.SuppressForbidden;
import dev.caravan.testing.EgressRecorder;
import dev.caravan.testing.StubServer;
import dev.caravan.testing.TavilyStub;
import dev.caravan.testing.TavilyStub.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Caravan started the real way ({@code ./caravan}: the Maven build, the runtime class path, the embedding model
 * loaded) runs one job against loopback stubs, under {@link EgressRecorder}, which records every outbound connection
 * and host name lookup made by any code in the JVM and refuses those that leave the machine. Caravan may connect to
 * the search provider and to the job's pages and their robots.txt, and to nothing else: no library may call home.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@SuppressForbidden("names the SecurityManager subclass that records the child JVM's connections")
class EgressTest {

    private static final String QUERY = "how does a heat pump heat a house";

    /** Jars of the test scope, which must never be on the class path of {@code ./caravan}. */
    private static final List<String> TEST_JARS =
            List.of("junit-jupiter", "junit-platform", "mockito", "byte-buddy", "archunit", "assertj", "awaitility");

    @TempDir
    static Path work;

    private TavilyStub tavily;
    private StubServer site;
    private List<String> egress;
    private String output;
    private int exitCode;

    @BeforeAll
    void runOneJobUnderTheRecorder() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/setsid")), "needs setsid");
        tavily = new TavilyStub();
        site = new StubServer();
        site.page("/robots.txt", 404, "text/plain", "");
        site.page(
                "/heat-pumps",
                200,
                "text/html; charset=utf-8",
                "<html><head><title>How heat pumps work</title></head><body><article><h1>How heat pumps work</h1>"
                        + "<p>A heat pump moves heat from the outside air into the house instead of burning fuel. "
                        + "Its refrigerant absorbs heat outdoors, a compressor raises its temperature, and the heat "
                        + "is released indoors through radiators or underfloor pipes.</p>"
                        + "<p>A typical air-source heat pump delivers about three units of heat for every unit of "
                        + "electricity it uses, a coefficient of performance of around 3.</p>"
                        + "</article></body></html>");
        tavily.results(QUERY, new Result(site.url("/heat-pumps"), "How heat pumps work", "heat pumps"));
        Files.createDirectories(work.resolve("input"));
        Files.writeString(work.resolve("input/egress.txt"), QUERY + "\n");

        Path boot = work.resolve("boot");
        Path recorderClass = Path.of(EgressRecorder.class
                .getResource(EgressRecorder.class.getSimpleName() + ".class")
                .toURI());
        Path target = boot.resolve(EgressRecorder.class.getName().replace('.', '/') + ".class");
        Files.createDirectories(target.getParent());
        Files.copy(recorderClass, target);
        Path egressLog = work.resolve("egress.log");
        Path log = work.resolve("caravan.log");

        ProcessBuilder pb = new ProcessBuilder("/usr/bin/setsid", "./caravan")
                .directory(Path.of("").toAbsolutePath().toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = pb.environment();
        env.put(
                "JAVA_OPTS",
                "-Xbootclasspath/a:" + boot + " -Djava.security.manager=" + EgressRecorder.class.getName() + " -D"
                        + EgressRecorder.LOG + "=" + egressLog);
        env.put("RESEARCH_INPUT_DIR", work.resolve("input").toString());
        env.put("RESEARCH_OUTPUT_DIR", work.resolve("output").toString());
        env.put("RESEARCH_CACHE_DIR", work.resolve("cache").toString());
        env.put("RESEARCH_GUARD_ALLOWED_ADDRESSES", "127.0.0.1/32");
        env.put("RESEARCH_INPUT_POLL_DELAY_MS", "100");
        env.put("RESEARCH_INPUT_SETTLE_MS", "100");
        env.put("RESEARCH_FETCH_HOST_DELAY_MS", "0");
        env.put("RESEARCH_EXIT_WHEN_IDLE_SECONDS", "3");
        env.put("RESEARCH_TAVILY_BASE_URL", tavily.baseUrl());
        env.put("TAVILY_API_KEY", TavilyStub.KEY);
        env.remove("RESEARCH_REPORT_MODEL"); // the model must be loaded, as by default
        Stream.of("DJL_OFFLINE", "OPT_OUT_TRACKING", "SERPER_API_KEY", "BRAVE_API_KEY", "SEARXNG_BASE_URL")
                .forEach(env::remove);
        Instant started = Instant.now();
        Process caravan = pb.start();
        caravan.getOutputStream().close();
        boolean exited = caravan.waitFor(300, TimeUnit.SECONDS);
        if (!exited) caravan.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        output = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
        assertThat(exited).as("run-once mode exits by itself; log:\n%s", output).isTrue();
        exitCode = caravan.exitValue();
        egress = Files.exists(egressLog) ? Files.readAllLines(egressLog, StandardCharsets.UTF_8) : List.of();
        System.out.printf(
                java.util.Locale.ROOT,
                "EgressTest: ./caravan ran in %d ms, exit code %d, %d egress events:%n",
                Duration.between(started, Instant.now()).toMillis(),
                exitCode,
                egress.size() - 1);
        egress.stream()
                .filter(line -> !line.startsWith("classpath "))
                .forEach(line -> System.out.println("  EGRESS " + line));
    }

    @AfterAll
    void closeStubs() {
        if (tavily != null) tavily.close();
        if (site != null) site.close();
    }

    @Test
    void caravan_ran_the_job_with_the_embedding_model_loaded() throws IOException {
        assertThat(exitCode).as(output).isZero();
        assertThat(output).as("the model was loaded").contains("all-minilm-l6-v2-q");
        Path sidecar;
        try (Stream<Path> runs = Files.list(work.resolve("output/egress"))) {
            sidecar = runs.filter(Files::isDirectory)
                    .map(run -> run.resolve("how-does-a-heat-pump-heat-a-house.json"))
                    .findFirst()
                    .orElseThrow();
        }
        assertThat(sidecar).as(output).exists();
        JsonNode report = new ObjectMapper().readTree(sidecar.toFile());
        assertThat(report.path("findings").size()).as(report.toPrettyString()).isPositive();
        assertThat(site.requestsTo("/heat-pumps")).hasSize(1);
    }

    @Test
    void caravan_connects_only_to_the_search_provider_and_the_job_pages_with_their_robots_txt() {
        assertThat(egress).as("the recorder ran").isNotEmpty();
        Set<String> allowed = Set.of("127.0.0.1:" + tavily.server().port(), "127.0.0.1:" + site.port());
        List<String> elsewhere = egress.stream()
                .filter(line -> !line.startsWith("classpath "))
                .filter(line -> !(line.startsWith("connect ") && allowed.contains(target(line))))
                // a socket's own local address is checked as a "lookup" of it (Socket.getLocalAddress): not egress
                .filter(line -> !(line.startsWith("lookup ") && EgressRecorder.isLoopback(target(line))))
                .toList();
        assertThat(elsewhere)
                .as("connections and lookups other than the provider and the job's site")
                .isEmpty();
        assertThat(egress)
                .anyMatch(line ->
                        line.startsWith("connect 127.0.0.1:" + tavily.server().port()));
        assertThat(egress).anyMatch(line -> line.startsWith("connect 127.0.0.1:" + site.port()));
    }

    /** The host or host:port of a recorded line ({@code connect HOST:PORT by CLASS}, {@code lookup HOST by CLASS}). */
    private static String target(String line) {
        return line.split(" ")[1];
    }

    @Test
    void caravan_runs_without_test_jars_on_its_class_path() {
        String classpath = egress.stream()
                .filter(line -> line.startsWith("classpath "))
                .findFirst()
                .orElseThrow();
        List<String> testJars = Arrays.stream(
                        classpath.substring("classpath ".length()).split(":"))
                .filter(jar -> TEST_JARS.stream()
                        .anyMatch(name -> Path.of(jar).getFileName().toString().startsWith(name)))
                .toList();
        assertThat(testJars)
                .as("test-scoped jars on the class path of ./caravan")
                .isEmpty();
        assertThat(classpath).contains("langchain4j").contains("onnxruntime");
    }
}
