package dev.caravan.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.intake.JobParser;
import dev.caravan.model.Job;
import dev.caravan.model.JobFormatException;
import dev.caravan.model.Report;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageJobsTest {

    private final MessageJobs jobs = new MessageJobs(new JobParser()::parse, 1000);

    @Test
    void the_caravan_job_property_names_the_job() {
        Job job = jobs.read("[\"q one\", \"q two\"]", jobs.origin("ID:abc", null, "energy-2026"));
        assertThat(job.name()).isEqualTo("energy-2026");
        assertThat(job.queries()).hasSize(2);
    }

    @Test
    void without_it_the_message_id_made_filename_safe_names_the_job() {
        Job job = jobs.read(
                "{\"queries\": [\"q\"]}".getBytes(StandardCharsets.UTF_8), jobs.origin("ID:9fa1-77:2", null, " "));
        assertThat(job.name()).isEqualTo("ID-9fa1-77-2");
    }

    @Test
    void a_job_name_cannot_leave_the_output_folder() {
        assertThat(jobs.read("[\"q\"]", jobs.origin("ID:1", null, "../../etc/passwd"))
                        .name())
                .isEqualTo("passwd");
        // nothing of the name is left: "job" plus a short hash of the name, so two such jobs do not share a folder
        assertThat(jobs.read("[\"q\"]", jobs.origin("ID:1", null, "..")).name()).matches("job-[0-9a-f]{8}");
    }

    @Test
    void the_body_is_json_only_and_within_the_size_limit() {
        JmsOrigin origin = jobs.origin("ID:1", null, "x");
        assertThatThrownBy(() -> jobs.read("just a line of text", origin))
                .isInstanceOf(JobFormatException.class)
                .hasMessageStartingWith("malformed JSON");
        assertThatThrownBy(() -> jobs.read("[\"" + "q".repeat(1000) + "\"]", origin))
                .hasMessageContaining("the limit is 1000 bytes");
        assertThatThrownBy(() -> jobs.read(null, origin)).hasMessage("the job file is empty");
        assertThatThrownBy(() -> jobs.read(42, origin)).hasMessageContaining("text or bytes message");
    }

    @Test
    void events_correlate_with_the_correlation_id_else_the_message_id() {
        assertThat(jobs.origin("ID:1", "corr", null).eventCorrelationId()).isEqualTo("corr");
        assertThat(jobs.origin("ID:1", "", null).eventCorrelationId()).isEqualTo("ID:1");
    }

    @Test
    void while_stopping_a_failure_rolls_back_instead_of_dead_lettering() {
        RuntimeException failure = new JobFormatException("bad");
        assertThat(jobs.deadLetterReason(failure, false)).isEqualTo("bad");
        assertThatThrownBy(() -> jobs.deadLetterReason(failure, true))
                .isInstanceOf(IllegalStateException.class)
                .hasCause(failure);
    }

    @Test
    void the_event_is_the_sidecar_plus_where_the_files_are() throws Exception {
        Report report = new Report(
                Path.of("out/job/q.md"),
                Path.of("out/job/q.json"),
                "# q",
                "{\"query\": \"q\", \"report\": \"out/job/q.md\", \"sources\": []}",
                0,
                0,
                0);
        JsonNode event = new ObjectMapper().readTree(new ReportEvents().event(report));
        assertThat(event.path("report_path").asText())
                .isEqualTo(Path.of("out/job/q.md").toAbsolutePath().toString());
        assertThat(event.path("sidecar_path").asText()).endsWith("q.json");
        assertThat(event.path("query").asText()).isEqualTo("q");
        assertThat(event.path("report").asText()).isEqualTo("out/job/q.md");
        assertThat(event.path("sources").isArray()).isTrue();
    }

    @Test
    void settings_refuse_bad_values_with_the_key() {
        assertThatThrownBy(() -> settings("caravan.jobs", "caravan.jobs", 61616, List.of("CORE")))
                .hasMessageContaining("research.jms.dead-letter-queue");
        assertThatThrownBy(() -> settings("caravan.jobs", "dead", 0, List.of("CORE")))
                .hasMessageContaining("research.jms.port");
        assertThatThrownBy(() -> settings("caravan.jobs", "dead", 61616, List.of("CORE", "XMPP")))
                .hasMessageContaining("research.jms.protocols");
        assertThatThrownBy(() -> settings("jobs queue", "dead", 61616, List.of("CORE")))
                .hasMessageContaining("research.jms.queue");
        assertThatThrownBy(() -> new MessagingSettings(
                        true,
                        new MessagingSettings.Queues("caravan.jobs", "caravan.reports", "dead"),
                        new MessagingSettings.Connection("", "", ""),
                        new MessagingSettings.Broker("127.0.0.1", 61616, Path.of("data"), List.of("CORE"), 5, 100),
                        1))
                .hasMessage("research.jms.max-message-bytes must be from 1024 to 2147483647 bytes, got 100");
        assertThat(settings("caravan.jobs", "dead", 61616, List.of("core", "amqp"))
                        .broker()
                        .protocols())
                .containsExactly("CORE", "AMQP");
        assertThat(settings("caravan.jobs", "dead", 61616, List.of("core", "openwire"))
                        .broker()
                        .protocols())
                .as("OPENWIRE is off by default but still available when listed")
                .containsExactly("CORE", "OPENWIRE");
    }

    private static MessagingSettings settings(String queue, String dead, int port, List<String> protocols) {
        return new MessagingSettings(
                true,
                new MessagingSettings.Queues(queue, "topic:caravan.reports", dead),
                new MessagingSettings.Connection("", "", ""),
                new MessagingSettings.Broker("127.0.0.1", port, Path.of("data"), protocols, 5, 4_194_304),
                1);
    }
}
