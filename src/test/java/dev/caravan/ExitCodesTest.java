package dev.caravan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.SpecialFiles;
import dev.caravan.testing.StubServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The exit codes documented in docs/running.md, "Run once and exit": 0 when every job of a run-once run went well, 1 when any
 * failed, 2 when Caravan could not start (one line on stderr, no stack trace). Each case runs Caravan in a child JVM.
 */
class ExitCodesTest {

    @TempDir
    Path work;

    private final StubServer site = new StubServer();

    ExitCodesTest() throws IOException {}

    @AfterEach
    void stop() {
        site.close();
    }

    @Test
    void a_bad_setting_exits_2_with_one_line_naming_the_key_and_no_stack_trace() throws Exception {
        Result r = run(List.of("-Dresearch.tavily.max-retries=abc"));

        assertThat(r.code).isEqualTo(2);
        assertThat(r.stderrLines())
                .containsExactly("Caravan did not start: research.tavily.max-retries = 'abc' is not "
                        + "allowed: give a whole number from 0 to 10 (retries)");
        assertThat(r.output).doesNotContain("\tat ").doesNotContain("Exception in thread");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            -Dcamel.component.http.proxy-host=127.0.0.1                           | camel.component.http.proxy-host = 127.0.0.1
            -Dcamel.main.global-options[http.proxyHost]=127.0.0.1                 | camel.main.global-options[http.proxyHost] = 127.0.0.1
            -Dcamel.component.http.use-system-properties=true -Dhttp.proxyHost=127.0.0.1 | http.proxyHost (camel.component.http.use-system-properties = true) = 127.0.0.1
            """)
    void a_proxy_with_the_guard_on_exits_2_saying_where_it_is_set(String options, String where) throws Exception {
        Result r = run(List.of(options.split(" ")));

        assertThat(r.code).isEqualTo(2);
        assertThat(r.stderrLines())
                .last()
                .asString()
                .startsWith("Caravan did not start: an HTTP proxy is configured (" + where + ")")
                .contains("SSRF guard");
        assertThat(r.output).doesNotContain("\tat ");
    }

    @Test
    void run_once_exits_1_when_a_job_of_the_run_failed_and_0_when_all_went_well() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/a", 200, "text/plain", "A page with some text on it, fetched by a job that lists only URLs.");
        Files.createDirectories(work.resolve("input"));
        Files.writeString(work.resolve("input/good.json"), "{\"urls\": [\"" + site.url("/a") + "\"]}");

        // idle time counts from startup: it must outlast the file consumer's first poll and settle time, even on a
        // loaded machine, or Caravan exits before it has seen the job
        Result good = run(List.of("-Dresearch.exit-when-idle-seconds=4"));
        Files.writeString(work.resolve("input/broken.json"), "{\"queries\": [");
        Result failed = run(List.of("-Dresearch.exit-when-idle-seconds=4"));

        assertThat(good.code).as(good.output).isZero();
        assertThat(failed.code).as(failed.output).isEqualTo(1);
        assertThat(failed.stderrLines()).anyMatch(l -> l.contains("1 job of this run failed"));
    }

    @Test
    void run_once_exits_3_when_every_job_ran_but_a_query_got_no_page() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        Files.createDirectories(work.resolve("input"));
        // nothing listens on port 9 of loopback: the one page of the job cannot be fetched
        Files.writeString(work.resolve("input/nothing.json"), "{\"urls\": [\"http://127.0.0.1:9/gone\"]}");

        Result empty = run(List.of("-Dresearch.exit-when-idle-seconds=4"));

        assertThat(empty.code).as(empty.output).isEqualTo(3);
        assertThat(empty.stderrLines()).anyMatch(l -> l.contains("1 query of this run got no page"));
        assertThat(work.resolve("input/processed"))
                .isDirectoryContaining(p -> p.toString().endsWith("nothing.json"));
        String events = Files.readString(work.resolve("output/events.jsonl"));
        assertThat(events)
                .contains("\"event\":\"job_finished\"")
                .contains("\"ok\":true,\"empty\":true,\"empty_queries\":1");
    }

    @Test
    void clear_cache_empties_the_cache_and_exits_0() throws Exception {
        Path cache = Files.createDirectories(work.resolve("cache"));
        try (dev.caravan.cache.CacheStore store =
                dev.caravan.cache.CacheStore.open(cache, 1 << 24, java.time.Clock.systemUTC(), w -> {})) {
            store.put(
                    dev.caravan.cache.CacheStore.Kind.PAGE,
                    "k",
                    new byte[] {1},
                    null,
                    java.time.Instant.parse("2100-01-01T00:00:00Z"));
        }

        Result cleared = run(List.of("--clear-cache"));

        assertThat(cleared.code).as(cleared.output).isZero();
        assertThat(cleared.output).contains("cache cleared: 1 entry removed from");
        try (dev.caravan.cache.CacheStore store =
                dev.caravan.cache.CacheStore.open(cache, 1 << 24, java.time.Clock.systemUTC(), w -> {})) {
            assertThat(store.entries(dev.caravan.cache.CacheStore.Kind.PAGE)).isZero();
        }
    }

    @Test
    void run_once_exits_after_a_job_file_with_a_long_name_and_after_a_fifo() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/a", 200, "text/plain", "A page with some text on it, fetched by a job that lists only URLs.");
        Path input = Files.createDirectories(work.resolve("input"));
        String longName = "東".repeat(78) + ".json"; // with the 20-byte stamp of the move, over 255 bytes
        Files.writeString(work.resolve("long"), "{\"urls\": [\"" + site.url("/a") + "\"]}");
        Files.move(work.resolve("long"), input.resolve(longName));

        Result afterLongName = run(List.of("-Dresearch.exit-when-idle-seconds=4"));
        SpecialFiles.mkfifo(input.resolve("x.txt"));
        Result afterFifo;
        try {
            afterFifo = run(List.of("-Dresearch.exit-when-idle-seconds=4"));
        } finally {
            SpecialFiles.unblock(input.resolve("x.txt"));
        }

        assertThat(afterLongName.code).as(afterLongName.output).isZero();
        assertThat(input.resolve(longName)).doesNotExist();
        assertThat(afterFifo.code).as(afterFifo.output).isEqualTo(1);
        assertThat(input.resolve("x.txt")).doesNotExist();
    }

    private record Result(int code, String output, String stderr) {
        List<String> stderrLines() {
            return stderr.lines().filter(l -> !l.isBlank()).toList();
        }
    }

    private Result run(List<String> options) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "-Dresearch.input.dir=" + work.resolve("input"),
                "-Dresearch.output.dir=" + work.resolve("output"),
                "-Dresearch.cache.dir=" + work.resolve("cache"),
                "-Dresearch.tavily.base-url=http://127.0.0.1:9/",
                "-Dresearch.guard.allowed-addresses=127.0.0.1/32",
                "-Dresearch.fetch.host-delay-ms=0",
                "-Dresearch.input.poll-delay-ms=100",
                "-Dresearch.input.settle-ms=100"));
        List<String> args = options.stream().filter(o -> o.startsWith("--")).toList();
        cmd.addAll(options.stream().filter(o -> !o.startsWith("--")).toList());
        cmd.add(App.class.getName());
        cmd.addAll(args);
        Path out = work.resolve("out.txt");
        Path err = work.resolve("err.txt");
        Process p = new ProcessBuilder(cmd)
                .directory(Path.of("").toAbsolutePath().toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        p.getOutputStream().close();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("Caravan did not exit: " + Files.readString(out) + Files.readString(err));
        }
        String stderr = Files.readString(err);
        // slf4j-simple logs to stderr: keep only what is not a log line for the one-line checks
        String plain = String.join(
                "\n",
                stderr.lines()
                        .filter(l -> !l.matches("^\\d\\d:\\d\\d:\\d\\d\\.\\d+ .*"))
                        .toList());
        return new Result(p.exitValue(), Files.readString(out) + stderr, plain);
    }
}
