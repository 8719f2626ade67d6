package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.testing.TavilyStub.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventsLogRouteTest extends PipelineTestSupport {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void the_events_log_records_each_stage_of_a_job_as_json_lines() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/ok", 200, "text/html", article("Fine", "Events are written one object per line as work goes on."));
        site.page("/missing", 404, "text/plain", "gone");
        tavily.results("events", new Result(site.url("/ok"), "ok", ""), new Result(site.url("/missing"), "m", ""));

        drop("ev.txt", "events\n");
        awaitReport("ev/events.md");
        List<JsonNode> events = awaitEvents("job_finished");

        assertThat(events)
                .extracting(e -> e.path("event").asText())
                .containsSubsequence(
                        "job_started",
                        "search_started",
                        "search_finished",
                        "fetch_started",
                        "fetch_finished",
                        "report_written",
                        "job_finished");
        assertThat(events).allSatisfy(e -> {
            assertThat(e.path("job").asText()).isEqualTo("ev");
            assertThat(e.path("time").asText()).isNotBlank();
        });
        JsonNode search = first(events, "search_finished");
        assertThat(search.path("results").asInt()).isEqualTo(2);
        assertThat(search.path("cached").asBoolean()).isFalse();
        List<JsonNode> fetches = all(events, "fetch_finished");
        assertThat(fetches).hasSize(2);
        JsonNode ok = fetches.stream()
                .filter(f -> f.path("url").asText().endsWith("/ok"))
                .findFirst()
                .orElseThrow();
        assertThat(ok.path("status").asText()).isEqualTo("fetched");
        assertThat(ok.path("http_status").asInt()).isEqualTo(200);
        assertThat(ok.path("bytes").asInt()).isGreaterThan(100);
        JsonNode ms = ok.get("ms");
        assertThat(ms).as("fetch_finished has its time in ms").isNotNull();
        assertThat(ms.isIntegralNumber()).as("ms is a whole number: %s", ms).isTrue();
        assertThat(ms.asLong()).isGreaterThanOrEqualTo(0);
        assertThat(ok.path("evicted").asBoolean()).isFalse();
        JsonNode missing = fetches.stream()
                .filter(f -> f.path("url").asText().endsWith("/missing"))
                .findFirst()
                .orElseThrow();
        assertThat(missing.path("status").asText()).isEqualTo("failed");
        assertThat(missing.path("http_status").asInt()).isEqualTo(404);
        assertThat(first(events, "report_written").path("report").asText()).matches(".*/ev/[0-9TZ-]+/events\\.md");
        assertThat(first(events, "report_written").path("empty").asBoolean()).isFalse();
        JsonNode finished = first(events, "job_finished");
        assertThat(finished.path("ok").asBoolean()).isTrue();
        assertThat(finished.path("summary").asText())
                .contains("1 page fetched")
                .contains("http_error 1")
                .contains("1 search call");
    }

    @Test
    void a_failed_search_is_recorded_with_its_error() throws Exception {
        tavily.server().page("/search", 401, "application/json", "{}");

        drop("bad.txt", "events\n");
        List<JsonNode> events = awaitEvents("job_finished");

        assertThat(first(events, "search_finished").path("error").asText()).contains("HTTP 401");
        assertThat(first(events, "job_finished").path("ok").asBoolean()).isFalse();
        assertThat(first(events, "job_finished").path("error").asText()).contains("HTTP 401");
    }

    private List<JsonNode> awaitEvents(String last) throws Exception {
        Path file = output().resolve("events.jsonl");
        return await("a " + last + " event in " + file)
                .atMost(Duration.ofSeconds(15))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(50))
                .until(
                        () -> {
                            List<JsonNode> events = new ArrayList<>();
                            if (Files.exists(file))
                                for (String line : Files.readAllLines(file)) events.add(JSON.readTree(line));
                            return events;
                        },
                        events -> events.stream()
                                .anyMatch(e -> e.path("event").asText().equals(last)));
    }

    private static JsonNode first(List<JsonNode> events, String type) {
        return all(events, type).get(0);
    }

    private List<String> ignored() throws java.io.IOException {
        return java.nio.file.Files.readAllLines(output().resolve("events.jsonl")).stream()
                .filter(l -> l.contains("\"event\":\"file_ignored\""))
                .toList();
    }

    private static List<JsonNode> all(List<JsonNode> events, String type) {
        return events.stream()
                .filter(e -> e.path("event").asText().equals(type))
                .toList();
    }

    @Test
    void a_file_that_is_not_a_job_is_left_in_place_and_reported_once() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        drop("job.csv", "query,topic\nspring tides,general\n");
        drop("marker.json", "{\"urls\": [\"" + site.url("/robots.txt") + "\"]}");

        awaitMoved("processed", ".json", 1);

        // several more polls of the input folder must not report it again
        await().during(Duration.ofMillis(500))
                .atMost(Duration.ofSeconds(5))
                .until(() -> ignored().size() == 1);
        assertThat(ignored()).hasSize(1).allMatch(l -> l.contains("\"file\":\"job.csv\""));
        assertThat(input().resolve("job.csv")).exists();
        assertThat(list(input().resolve("failed"), "")).isEmpty();
    }
}
