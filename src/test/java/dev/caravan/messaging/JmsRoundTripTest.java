package dev.caravan.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.testing.StubServer;
import dev.caravan.testing.TavilyStub;
import dev.caravan.testing.TavilyStub.Result;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Jobs in and report events out through Caravan's embedded Artemis broker, over TCP on loopback. */
class JmsRoundTripTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static TavilyStub tavily;
    static StubServer site;
    static int port;
    static Caravan caravan;
    static JmsClient client;

    @BeforeAll
    static void start() throws Exception {
        tavily = new TavilyStub();
        site = new StubServer();
        site.page("/robots.txt", 200, "text/plain", "User-agent: *\nAllow: /\n");
        site.page(
                "/solar",
                200,
                "text/html; charset=utf-8",
                "<html><head><title>Solar power basics</title></head>"
                        + "<body><article><h1>Solar power basics</h1><p>Solar panels convert sunlight into electricity "
                        + "using photovoltaic cells made of silicon.</p><p>Most residential solar panels reach an efficiency "
                        + "of about twenty percent in good sunlight.</p></article></body></html>");
        tavily.results("how efficient are solar panels", new Result(site.url("/solar"), "Solar basics", "snippet"));
        tavily.results("what is a heat pump", new Result(site.url("/solar"), "Solar basics", "snippet"));
        tavily.results("stomp submitted query", new Result(site.url("/solar"), "Solar basics", "snippet"));
        port = Caravan.freePort();
        caravan = Caravan.start(tavily.baseUrl(), MessagingTestSupport.embeddedBrokerOn(port));
        client = MessagingTestSupport.client(port);
    }

    @AfterAll
    static void stop() throws Exception {
        if (client != null) client.close();
        if (caravan != null) caravan.close();
        tavily.close();
        site.close();
    }

    @Test
    void a_job_message_gives_a_report_and_an_event_with_the_same_correlation_id() throws Exception {
        client.sendText(
                "caravan.jobs",
                "{\"defaults\": {\"max_results\": 3}, \"queries\": [\"how efficient are solar panels\"]}",
                "corr-42",
                Map.of("CaravanJob", "energy"));

        Message event = client.receive("caravan.reports", 30_000);
        assertThat(event).as("report event").isNotNull();
        assertThat(event.getJMSCorrelationID()).isEqualTo("corr-42");
        assertThat(event.getStringProperty("CaravanJob")).isEqualTo("energy");
        JsonNode json = JSON.readTree(((TextMessage) event).getText());
        Path report = Path.of(json.path("report_path").asText());
        Path sidecar = Path.of(json.path("sidecar_path").asText());
        assertThat(report)
                .isEqualTo(caravan.report("energy", "how-efficient-are-solar-panels.md")
                        .toAbsolutePath()
                        .normalize());
        assertThat(report).exists();
        assertThat(Files.readString(report)).contains("# how efficient are solar panels");
        // the event carries the sidecar's content
        JsonNode written = JSON.readTree(sidecar.toFile());
        written.fields()
                .forEachRemaining(
                        f -> assertThat(json.get(f.getKey())).as(f.getKey()).isEqualTo(f.getValue()));
        assertThat(json.path("query").asText()).isEqualTo("how efficient are solar panels");
        assertThat(json.path("job").asText()).isEqualTo("energy");
        assertThat(json.path("sources").get(0).path("status").asText()).isEqualTo("fetched");
        // acknowledged: nothing left on the jobs queue, nothing dead-lettered
        assertThat(client.depth("caravan.jobs")).isZero();
        assertThat(client.depth("caravan.jobs.dead")).isZero();
    }

    @Test
    void the_same_job_sent_again_is_a_new_run_whose_event_carries_the_count_of_changes() throws Exception {
        String job = "{\"queries\": [\"how efficient are solar panels\"]}";
        client.sendText("caravan.jobs", job, "again-1", Map.of("CaravanJob", "again"));
        Message first = client.receive("caravan.reports", 30_000);
        client.sendText("caravan.jobs", job, "again-2", Map.of("CaravanJob", "again"));
        Message second = client.receive("caravan.reports", 30_000);

        assertThat(first.getIntProperty("CaravanChanges"))
                .as("no earlier report")
                .isEqualTo(-1);
        assertThat(first.getBooleanProperty("CaravanEmpty")).isFalse();
        assertThat(second.getJMSCorrelationID()).isEqualTo("again-2");
        assertThat(second.getIntProperty("CaravanChanges"))
                .as("nothing changed")
                .isZero();
        JsonNode json = JSON.readTree(((TextMessage) second).getText());
        assertThat(json.path("changes_count").asInt()).isZero();
        assertThat(json.path("empty").asBoolean()).isFalse();
        assertThat(json.path("changes").path("previous_report").asText())
                .isEqualTo(JSON.readTree(((TextMessage) first).getText())
                        .path("report")
                        .asText());
        assertThat(Path.of(json.path("report_path").asText()).getParent())
                .as("a run folder of its own")
                .isNotEqualTo(Path.of(JSON.readTree(((TextMessage) first).getText())
                                .path("report_path")
                                .asText())
                        .getParent());
    }

    @Test
    void without_a_correlation_id_the_message_id_correlates_and_names_the_job() throws Exception {
        String id = client.sendBytes(
                "caravan.jobs", "[\"what is a heat pump\"]".getBytes(StandardCharsets.UTF_8), null, Map.of());

        Message event = client.receive("caravan.reports", 30_000);
        assertThat(event).as("report event").isNotNull();
        assertThat(event.getJMSCorrelationID()).isEqualTo(id);
        String job = dev.caravan.intake.JobParser.jobName(id);
        assertThat(job).doesNotContain(":");
        JsonNode json = JSON.readTree(((TextMessage) event).getText());
        assertThat(json.path("job").asText()).isEqualTo(job);
        assertThat(caravan.report(job, "what-is-a-heat-pump.md")).exists();
    }

    @Test
    void a_non_java_client_submits_a_job_over_stomp() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            out.write("CONNECT\naccept-version:1.2\nhost:localhost\n\n\0".getBytes(StandardCharsets.UTF_8));
            assertThat(frame(in)).startsWith("CONNECTED");
            out.write(
                    ("SEND\ndestination:caravan.jobs\ndestination-type:ANYCAST\nCaravanJob:from-stomp\ncorrelation-id:stomp-42\nreceipt:r1\n\n"
                                    + "{\"queries\": [\"stomp submitted query\"]}\0")
                            .getBytes(StandardCharsets.UTF_8));
            assertThat(frame(in)).startsWith("RECEIPT");
            out.write("DISCONNECT\n\n\0".getBytes(StandardCharsets.UTF_8));
        }
        Message event = client.receive("caravan.reports", 30_000);
        assertThat(event).as("report event").isNotNull();
        assertThat(event.getStringProperty("CaravanJob")).isEqualTo("from-stomp");
        assertThat(event.getJMSCorrelationID()).isEqualTo("stomp-42");
        assertThat(caravan.report("from-stomp", "stomp-submitted-query.md")).exists();
    }

    @Test
    void the_broker_port_also_speaks_amqp() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            byte[] header = {'A', 'M', 'Q', 'P', 0, 1, 0, 0};
            socket.getOutputStream().write(header);
            byte[] reply = socket.getInputStream().readNBytes(8);
            assertThat(new String(reply, 0, 4, StandardCharsets.US_ASCII)).isEqualTo("AMQP");
        }
    }

    private static String frame(InputStream in) throws Exception {
        StringBuilder b = new StringBuilder();
        int c;
        while ((c = in.read()) > 0) b.append((char) c);
        return b.toString().strip();
    }
}
