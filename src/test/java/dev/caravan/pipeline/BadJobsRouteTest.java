package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.TavilyStub.Result;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Every kind of bad job ends in the failed folder with its reason, and a good job dropped with them still runs. */
class BadJobsRouteTest extends PipelineTestSupport {

    @Override
    void overrides(Properties p) {
        p.put("research.input.max-bytes", "1048576");
        // the failures are counted in a metric, and metrics are only kept while monitoring is on
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            p.put("research.metrics.port", Integer.toString(free.getLocalPort()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        p.put("research.metrics.enabled", "true");
    }

    @Test
    void each_bad_job_is_refused_with_its_own_reason_while_a_good_job_runs() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/ok", 200, "text/html", article("Fine", "Good jobs still run when bad ones sit beside them."));
        tavily.results("good jobs", new Result(site.url("/ok"), "Fine", ""));
        Map<String, byte[]> bad = new LinkedHashMap<>();
        bad.put("malformed.json", "{\"queries\": [\"a\",".getBytes(StandardCharsets.UTF_8));
        bad.put("malformed.yaml", "queries:\n  - query: [unclosed\n".getBytes(StandardCharsets.UTF_8));
        bad.put("empty.txt", new byte[0]);
        bad.put("binary.json", new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0, 0, 13, 'I', 'H', 'D', 'R'});
        bad.put("huge.txt", ("query line\n".repeat(2_000_000)).getBytes(StandardCharsets.UTF_8));
        bad.put("latin1.txt", "caf\u00e9 prices\n".getBytes(StandardCharsets.ISO_8859_1));
        bad.put(
                "unknown.json",
                "{\"queries\": [{\"query\": \"x\", \"maxResults\": 3}]}".getBytes(StandardCharsets.UTF_8));
        bad.put(
                "range.json",
                "{\"queries\": [{\"query\": \"x\", \"max_results\": 500}]}".getBytes(StandardCharsets.UTF_8));
        bad.put("topic.yaml", "queries:\n  - query: x\n    topic: sports\n".getBytes(StandardCharsets.UTF_8));
        bad.put("long.txt", ("q".repeat(401) + "\n").getBytes(StandardCharsets.UTF_8));
        Map<String, String> expected = Map.of(
                "malformed.json", "malformed JSON at line 1",
                "malformed.yaml", "malformed YAML",
                "empty.txt", "the job file is empty",
                "binary.json", "binary",
                "huge.txt", "the limit is 1048576 bytes",
                "latin1.txt", "not UTF-8",
                "unknown.json", "unknown option 'maxResults'",
                "range.json", "max_results in query 1 must be a whole number from 0 to 20, got 500",
                "topic.yaml", "topic in query 1 must be one of general, news, finance, got \"sports\"",
                "long.txt", "401 characters long");
        for (var e : bad.entrySet()) dropBytes(e.getKey(), e.getValue());
        drop("good.txt", "good jobs\n");

        assertThat(read(awaitFile(output().resolve("good/good-jobs.md")))).contains("### [1] Fine");
        List<Path> reasons = awaitMoved("failed", ".error.txt", bad.size());
        for (var e : expected.entrySet()) {
            Path reason = reasons.stream()
                    .filter(r -> r.getFileName().toString().endsWith(e.getKey() + ".error.txt"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no reason file for " + e.getKey()));
            assertThat(read(reason)).as(e.getKey()).contains(e.getValue());
            assertThat(reason.resolveSibling(reason.getFileName().toString().replace(".error.txt", "")))
                    .exists();
        }
        assertThat(tavily.searchCalls()).isEqualTo(1);
        List<String> fileFailures = java.nio.file.Files.readAllLines(output().resolve("events.jsonl")).stream()
                .filter(l -> l.contains("\"event\":\"job_file_failed\""))
                .toList();
        assertThat(fileFailures)
                .hasSize(bad.size())
                .anyMatch(l -> l.contains("\"file\":\"malformed.json\"") && l.contains("malformed JSON at line 1"));
        var meters = context.getRegistry()
                .lookupByNameAndType("metricsRegistry", io.micrometer.core.instrument.MeterRegistry.class);
        assertThat(meters.get("caravan.errors")
                        .tag("kind", "job_file")
                        .counter()
                        .count())
                .isEqualTo(bad.size());
    }
}
