package dev.caravan.crash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.caravan.App;
import dev.caravan.testing.LiveFolder;
import dev.caravan.testing.StubServer;
import dev.caravan.testing.TavilyStub;
import dev.caravan.testing.TavilyStub.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs Caravan in a child JVM on a batch of 20 job files, stops it hard (kill -9) or politely (SIGTERM) in the middle,
 * restarts it in batch mode, and checks that every job ends with exactly its report and nothing half-written.
 */
class CrashRecoveryTest {

    private static final int JOBS = 20;

    @TempDir
    Path work;

    private TavilyStub tavily;
    private StubServer site;
    private final List<Process> children = new ArrayList<>();

    @BeforeEach
    void stubs() throws IOException {
        tavily = new TavilyStub();
        site = new StubServer();
        site.page("/robots.txt", 404, "text/plain", "");
        site.on("/slow", (ex, b) -> {
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            StubServer.respond(
                    ex,
                    200,
                    "text/html",
                    "<html><head><title>Slow</title></head><body><article>"
                            + "<p>" + "Slow pages make a batch take long enough to be interrupted midway. ".repeat(40)
                            + "</p></article></body></html>");
        });
        Files.createDirectories(work.resolve("input"));
        for (int i = 1; i <= JOBS; i++) {
            String query = "topic number " + i;
            tavily.results(query, new Result(site.url("/slow?n=" + i), "Slow " + i, ""));
            Files.writeString(
                    work.resolve("input").resolve(String.format(java.util.Locale.ROOT, "job-%02d.txt", i)),
                    query + "\n");
        }
    }

    @AfterEach
    void stop() {
        children.forEach(Process::destroyForcibly);
        tavily.close();
        site.close();
    }

    @Test
    void kill_9_in_the_middle_of_a_batch_loses_and_duplicates_nothing() throws Exception {
        Process first = start(false);
        awaitReports(3, first);
        first.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        System.out.printf(
                java.util.Locale.ROOT,
                "FIGURE kill -9 after %d of %d reports%n",
                reports().size(),
                JOBS);
        assertThat(reports().size()).as("killed mid-batch").isLessThan(JOBS);

        Process second = start(true);
        assertThat(second.waitFor(90, TimeUnit.SECONDS))
                .as("batch mode exits by itself")
                .isTrue();
        assertThat(second.exitValue()).isZero();

        assertEveryJobHasExactlyItsReport();
    }

    @Test
    void sigterm_stops_gracefully_and_a_restart_finishes_the_batch() throws Exception {
        Process first = start(false);
        awaitReports(2, first);
        Instant stopAt = Instant.now();
        first.destroy();
        assertThat(first.waitFor(30, TimeUnit.SECONDS))
                .as("stops within the shutdown timeout")
                .isTrue();
        Duration stopped = Duration.between(stopAt, Instant.now());
        System.out.printf(
                java.util.Locale.ROOT,
                "FIGURE SIGTERM after %d of %d reports, stopped in %d ms (shutdown timeout 15 s)%n",
                reports().size(),
                JOBS,
                stopped.toMillis());
        assertThat(stopped).isLessThan(Duration.ofSeconds(20));

        Process second = start(true);
        assertThat(second.waitFor(90, TimeUnit.SECONDS)).isTrue();

        assertEveryJobHasExactlyItsReport();
    }

    private void assertEveryJobHasExactlyItsReport() throws IOException {
        for (int i = 1; i <= JOBS; i++) {
            Path jobDir = work.resolve("output").resolve(String.format(java.util.Locale.ROOT, "job-%02d", i));
            // a job resumed after the crash writes into its own run's folder: one run, one report per query
            List<Path> runs = folders(jobDir);
            assertThat(runs).as(jobDir + ": one run folder").hasSize(1);
            assertThat(list(jobDir, ""))
                    .as(jobDir + ": no marker of an unfinished run left")
                    .isEmpty();
            Path dir = runs.get(0);
            assertThat(list(dir, ".md")).as(dir.toString()).containsExactly(dir.resolve("topic-number-" + i + ".md"));
            assertThat(list(dir, ".json"))
                    .as(dir.toString())
                    .containsExactly(dir.resolve("topic-number-" + i + ".json"));
            assertThat(Files.readString(dir.resolve("topic-number-" + i + ".md")))
                    .contains("## Sources");
        }
        try (Stream<Path> all = Files.walk(work.resolve("output"))) {
            assertThat(all.filter(p -> p.getFileName().toString().contains("caravan-tmp"))
                            .toList())
                    .isEmpty();
        }
        assertThat(list(work.resolve("input"), ".txt")).isEmpty();
        assertThat(list(work.resolve("input/processed"), ".txt")).hasSize(JOBS);
        assertThat(list(work.resolve("input/failed"), "")).isEmpty();
    }

    private Process start(boolean batch) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "-Dresearch.input.dir=" + work.resolve("input"),
                "-Dresearch.output.dir=" + work.resolve("output"),
                "-Dresearch.cache.dir=" + work.resolve("cache"),
                "-Dresearch.tavily.base-url=" + tavily.baseUrl(),
                "-Dresearch.tavily.api-key=" + TavilyStub.KEY,
                "-Dresearch.guard.allowed-addresses=127.0.0.1/32",
                "-Dresearch.fetch.host-delay-ms=0",
                "-Dresearch.jobs.warm-up-rounds=0",
                "-Dresearch.input.poll-delay-ms=100",
                "-Dresearch.input.settle-ms=100",
                "-Dcamel.main.shutdown-timeout=15",
                "-Dresearch.exit-when-idle-seconds=" + (batch ? "3" : "0"),
                App.class.getName()));
        Process p = new ProcessBuilder(cmd)
                .directory(Path.of("").toAbsolutePath().toFile())
                .redirectErrorStream(true)
                .redirectOutput(
                        work.resolve("child-" + children.size() + ".log").toFile())
                .start();
        children.add(p);
        return p;
    }

    private void awaitReports(int count, Process child) throws Exception {
        await("waiting for " + count + " reports")
                .atMost(Duration.ofSeconds(60))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    assertThat(child.isAlive()).as("child still running").isTrue();
                    return reports().size() >= count;
                });
    }

    private List<Path> reports() throws IOException {
        return LiveFolder.files(work.resolve("output"), Integer.MAX_VALUE, name -> name.endsWith(".md"));
    }

    private static List<Path> folders(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isDirectory).sorted().toList();
        }
    }

    private static List<Path> list(Path dir, String suffix) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(suffix))
                    .sorted()
                    .toList();
        }
    }
}
