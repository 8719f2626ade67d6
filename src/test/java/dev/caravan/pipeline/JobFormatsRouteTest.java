package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class JobFormatsRouteTest extends PipelineTestSupport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private void site() {
        tidesSite();
        site.page(
                "/notes.md",
                200,
                "text/markdown",
                "# Field notes\n\nSpring tides happen when the Sun and the Moon line up with the Earth.\n");
        site.page("/data.json", 200, "application/json", "{\"tide\": \"high\", \"height_m\": 2.4}");
    }

    @Test
    void a_json_job_with_defaults_options_and_urls_writes_one_report_per_query() throws Exception {
        site();
        drop("tides.json", String.format(java.util.Locale.ROOT, """
                {"defaults": {"max_results": 3, "include_answer": true},
                 "queries": [
                   "what causes ocean tides",
                   {"urls": ["%s", "%s"]}
                 ]}
                """, site.url("/notes.md"), site.url("/data.json")));

        String first = read(awaitReport("tides/what-causes-ocean-tides.md"));
        assertThat(first)
                .contains("## Tavily's answer (provider-generated, not checked against the sources)")
                .contains("> The provider's own summary.")
                .contains(
                        "Ocean tides are caused mainly by the gravitational pull of the Moon on the oceans of the Earth. [1]");
        JsonNode request =
                JSON.readTree(tavily.server().requestsTo("/search").get(0).body());
        assertThat(request.path("max_results").asInt()).isEqualTo(3);
        assertThat(request.path("include_answer").asBoolean()).isTrue();

        Path second = awaitReport("tides/pages-127-0-0-1.md");
        String md = read(second);
        assertThat(md)
                .contains("### [1] Field notes")
                .contains("### [2]")
                .contains("```json")
                .contains("Search:** none (the job listed its pages)");
        assertThat(tavily.searchCalls()).isEqualTo(1);
    }

    @Test
    void a_yaml_job_runs_like_a_json_job() throws Exception {
        site();
        drop("tides.yaml", """
                defaults:
                  topic: general
                queries:
                  - query: what causes ocean tides
                    search_depth: advanced
                """);

        String md = read(awaitReport("tides/what-causes-ocean-tides.md"));
        assertThat(md).contains("### [1] Tides explained");
        JsonNode request =
                JSON.readTree(tavily.server().requestsTo("/search").get(0).body());
        assertThat(request.path("search_depth").asText()).isEqualTo("advanced");
        assertThat(request.path("topic").asText()).isEqualTo("general");
        awaitMoved("processed", "tides.yaml", 1);
    }

    @Test
    void an_unparseable_job_goes_to_the_failed_folder_with_its_reason_while_other_jobs_run() throws Exception {
        site();
        drop("broken.json", "{\"queries\": [\"unterminated\"");
        drop("good.txt", "what causes ocean tides\n");

        awaitReport("good/what-causes-ocean-tides.md");
        Path reason = awaitMoved("failed", "broken.json.error.txt", 1).get(0);
        assertThat(read(reason)).startsWith("Caravan could not run this job: malformed JSON");
        assertThat(awaitMoved("failed", "broken.json", 1)).hasSize(1);
        assertThat(read(awaitMoved("failed", "broken.json", 1).get(0))).isEqualTo("{\"queries\": [\"unterminated\"");
    }

    @Test
    void a_job_with_an_unknown_option_is_refused_with_the_option_named() throws Exception {
        drop("typo.yaml", "queries:\n  - query: tides\n    maxResults: 3\n");

        Path reason = awaitMoved("failed", "typo.yaml.error.txt", 1).get(0);
        assertThat(read(reason)).contains("unknown option 'maxResults' in query 1");
        assertThat(tavily.searchCalls()).isZero();
    }
}
