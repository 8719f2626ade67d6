package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.files.ShortHash;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** A fault inside Caravan while handling one page fails that page with a reason; the job and its report go on. */
class PageFaultsRouteTest extends PipelineTestSupport {

    @Override
    void overrides(Properties p) {
        p.put("research.report.inline-max-chars", "10"); // every page is written to <job>/pages/
    }

    @Test
    void a_page_that_cannot_be_stored_is_an_internal_error_line_and_the_job_still_reports() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/a", 200, "text/plain", "A page long enough to be evicted to the pages folder of its job.");
        // the job file's run resumes a run folder (as after a crash) in which "pages" is a file
        Path job = work.resolve("faults.json");
        Files.writeString(job, "{\"urls\": [\"" + site.url("/a") + "\"]}");
        Files.setLastModifiedTime(job, FileTime.fromMillis(1_700_000_000_000L));
        Path run = Files.createDirectories(output().resolve("faults/2026-01-01T000000Z"));
        Files.writeString(run.resolve("pages"), "a file where the pages folder should be");
        Files.writeString(
                output().resolve("faults/.run-" + ShortHash.of("file:faults.json")),
                "2026-01-01T000000Z\nfaults.json " + Files.size(job) + " 1700000000000\n");

        Files.createDirectories(input());
        Files.move(job, input().resolve("faults.json"));

        awaitMoved("processed", ".json", 1);
        JsonNode sidecar = new ObjectMapper()
                .readTree(PipelineTestSupport.list(run, ".json").get(0).toFile());
        JsonNode source = sidecar.path("sources").get(0);
        assertThat(source.path("outcome").asText()).isEqualTo("internal_error");
        assertThat(source.path("reason").asText()).startsWith("internal error while processing the page (");
        assertThat(list(input().resolve("failed"), "")).isEmpty();
    }
}
