package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.testing.DemoStubs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Every shipped example runs against the demo stubs, with no network: each query gets a report with sources. */
class DemoExamplesRouteTest extends PipelineTestSupport {

    private static final ObjectMapper JSON = new ObjectMapper();
    private DemoStubs demo;

    @Override
    void overrides(Properties p) {
        try {
            demo = DemoStubs.start(Path.of("input/examples"), Files.createTempDirectory("caravan-demo"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        p.put("research.tavily.base-url", demo.tavilyUrl());
    }

    @AfterEach
    void stopDemo() {
        demo.close();
    }

    @Test
    void each_example_query_gets_a_report_with_fetched_sources_from_the_stubs() throws Exception {
        for (Path example : demo.examples()) drop(example.getFileName().toString(), Files.readString(example));

        Map<String, Integer> queriesPerJob = Map.of("energy", 2, "glaciers", 2, "tides", 3);
        for (var job : queriesPerJob.entrySet()) {
            List<Path> sidecars = awaitReports(output().resolve(job.getKey()), job.getValue());
            for (Path sidecar : sidecars) {
                JsonNode report = JSON.readTree(sidecar.toFile());
                assertThat(report.path("sources"))
                        .as(sidecar.toString())
                        .anyMatch(s -> s.path("status").asText().equals("fetched"));
                for (JsonNode s : report.path("sources")) {
                    assertThat(s.path("url").asText())
                            .as("no URL leaves loopback")
                            .startsWith("http://127.0.0.1:");
                }
            }
        }
        assertThat(demo.sitePaths())
                .contains("/mirror/wgms.ch/", "/mirror/en.wikipedia.org/wiki/Tide")
                .noneMatch(p -> p.startsWith("/admin/"));
    }

    private List<Path> awaitReports(Path dir, int count) throws Exception {
        return await("waiting for " + count + " reports in " + dir)
                .atMost(Duration.ofSeconds(60))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> {
                            List<Path> sidecars = new java.util.ArrayList<>();
                            for (Path run : runDirs(dir)) sidecars.addAll(list(run, ".json"));
                            return sidecars;
                        },
                        sidecars -> sidecars.size() >= count);
    }
}
