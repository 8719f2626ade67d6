package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.testing.TavilyStub;
import dev.caravan.testing.TavilyStub.Result;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ResearchPipelineRouteTest extends PipelineTestSupport {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void a_text_job_produces_a_cited_report_and_a_sidecar() throws Exception {
        site.page("/robots.txt", 200, "text/plain", "User-agent: *\nAllow: /\n");
        site.page(
                "/solar",
                200,
                "text/html; charset=utf-8",
                article(
                        "Solar power basics",
                        "Solar panels convert sunlight into electricity using photovoltaic cells made of silicon.",
                        "Most residential solar panels reach an efficiency of about twenty percent in good sunlight."));
        site.page("/missing", 404, "text/plain", "gone");
        tavily.results(
                "how efficient are solar panels",
                new Result(site.url("/solar"), "Solar basics", "snippet"),
                new Result(site.url("/missing"), "Missing page", "snippet"));

        drop("energy.txt", "# my research\nhow efficient are solar panels\n");

        Path report = awaitReport("energy/how-efficient-are-solar-panels.md");
        Path sidecar = awaitReport("energy/how-efficient-are-solar-panels.json");
        String md = read(report);
        assertThat(md)
                .contains("# how efficient are solar panels")
                .contains("## Key findings")
                .contains(
                        "Most residential solar panels reach an efficiency of about twenty percent in good sunlight. [1]")
                .contains("### [1] Solar power basics")
                .contains("## Not retrieved")
                .contains(site.url("/missing") + "> — HTTP 404 Not Found")
                .doesNotContain("[2]")
                .doesNotContain(TavilyStub.KEY);
        JsonNode json = JSON.readTree(sidecar.toFile());
        assertThat(json.path("query").asText()).isEqualTo("how efficient are solar panels");
        assertThat(json.path("report").asText()).endsWith("how-efficient-are-solar-panels.md");
        assertThat(json.path("sources")).hasSize(2);
        assertThat(json.path("sources").get(0).path("status").asText()).isEqualTo("fetched");
        assertThat(json.path("sources").get(0).path("n").asInt()).isEqualTo(1);
        assertThat(json.path("sources").get(1).path("status").asText()).isEqualTo("failed");
        assertThat(json.path("sources").get(1).path("http_status").asInt()).isEqualTo(404);
        assertThat(json.path("sources").get(1).path("n").isNull()).isTrue();
        assertThat(json.path("findings").get(0).path("citations").get(0).asInt())
                .isEqualTo(1);
        awaitMoved("processed", "energy.txt", 1);
    }
}
