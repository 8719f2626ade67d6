package dev.caravan.messaging;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.TavilyStub;
import jakarta.jms.BytesMessage;
import jakarta.jms.Message;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Jobs that cannot be read or run go to the dead-letter queue once, with the reason, and write no report. */
class JmsDeadLetterTest {

    static TavilyStub tavily;
    static Caravan caravan;
    static JmsClient client;

    @BeforeAll
    static void start() throws Exception {
        tavily = new TavilyStub();
        int port = Caravan.freePort();
        Properties p = MessagingTestSupport.embeddedBrokerOn(port);
        p.put("research.jms.queue", "jobs.in");
        p.put("research.jms.dead-letter-queue", "jobs.in.dead");
        p.put("research.jms.events", "jobs.events");
        // every search is refused: a well-formed job fails while running
        p.put("research.tavily.api-key", "tvly-wrong-key");
        caravan = Caravan.start(tavily.baseUrl(), p);
        client = MessagingTestSupport.client(port);
    }

    @AfterAll
    static void stop() throws Exception {
        if (client != null) client.close();
        if (caravan != null) caravan.close();
        tavily.close();
    }

    @Test
    void a_message_that_is_not_a_job_goes_to_the_dead_letter_queue_once_with_the_reason() throws Exception {
        String id = client.sendText(
                "jobs.in", "{\"queries\": [\"unterminated", "corr-bad", Map.of("CaravanJob", "garbage"));

        Message dead = client.receive("jobs.in.dead", 30_000);
        assertThat(dead).as("dead-lettered message").isNotNull();
        assertThat(dead.getStringProperty("CaravanError")).startsWith("malformed JSON at line 1");
        assertThat(((TextMessage) dead).getText()).isEqualTo("{\"queries\": [\"unterminated");
        assertThat(dead.getJMSCorrelationID()).isEqualTo("corr-bad");
        assertThat(dead.getStringProperty("CaravanJob")).isEqualTo("garbage");
        assertThat(dead.getStringProperty("CaravanMessageId")).isEqualTo(id);

        // not redelivered: a later bad message is the next one dead-lettered, and the job queue is empty
        client.sendText("jobs.in", "not json", null, Map.of("CaravanJob", "sentinel-bad"));
        MessagingTestSupport.assertNextIsSentinelJob(client, "jobs.in.dead", "sentinel-bad");
        assertThat(client.depth("jobs.in")).isZero();
        assertThat(caravan.output().resolve("garbage")).doesNotExist();
        assertThat(client.receive("jobs.events", 100)).isNull();
    }

    @Test
    void binary_and_oversized_bodies_are_refused_with_the_reason() throws Exception {
        client.sendBytes("jobs.in", new byte[] {0, 1, 2, 3}, null, Map.of("CaravanJob", "binary"));
        Message dead = client.receive("jobs.in.dead", 30_000);
        assertThat(dead).isNotNull();
        assertThat(dead.getStringProperty("CaravanError")).isEqualTo("the job file is binary, not text");
        assertThat(dead).isInstanceOf(BytesMessage.class);
        byte[] body = new byte[4];
        assertThat(((BytesMessage) dead).readBytes(body)).isEqualTo(4);
        assertThat(body).containsExactly(0, 1, 2, 3);

        client.sendText("jobs.in", "[\"" + "x".repeat(1_100_000) + "\"]", null, Map.of("CaravanJob", "huge"));
        dead = client.receive("jobs.in.dead", 30_000);
        assertThat(dead).isNotNull();
        assertThat(dead.getStringProperty("CaravanError")).contains("the limit is 1048576 bytes");
        assertThat(((TextMessage) dead).getText()).hasSize(1_100_004).startsWith("[\"xxx");
        assertThat(client.depth("jobs.in")).isZero();
    }

    @ParameterizedTest(name = "a {0} message")
    @ValueSource(strings = {"text", "bytes"})
    void a_dead_lettered_message_keeps_its_kind_body_jms_type_and_properties(String kind) throws Exception {
        Session s = client.session();
        Message sent;
        if (kind.equals("text")) {
            sent = s.createTextMessage("not json");
        } else {
            BytesMessage bytes = s.createBytesMessage();
            bytes.writeBytes("not json".getBytes(UTF_8));
            sent = bytes;
        }
        sent.setJMSType("caravan.job.v1");
        String id = client.send(
                "jobs.in",
                sent,
                "corr-" + kind,
                Map.of("CaravanJob", "props-" + kind, "Tenant", "acme", "Attempt", 3, "Urgent", true));

        Message dead = MessagingTestSupport.next(client, "jobs.in.dead");
        assertThat(dead.getStringProperty("CaravanError")).startsWith("malformed JSON");
        assertThat(dead.getStringProperty("CaravanMessageId")).isEqualTo(id);
        assertThat(dead).isInstanceOf(kind.equals("text") ? TextMessage.class : BytesMessage.class);
        assertThat(kind.equals("text") ? dead.getBody(String.class) : new String(dead.getBody(byte[].class), UTF_8))
                .isEqualTo("not json");
        assertThat(dead.getJMSType()).isEqualTo("caravan.job.v1");
        assertThat(dead.getJMSCorrelationID()).isEqualTo("corr-" + kind);
        assertThat(dead.getStringProperty("CaravanJob")).isEqualTo("props-" + kind);
        assertThat(dead.getObjectProperty("Tenant")).isEqualTo("acme");
        assertThat(dead.getObjectProperty("Attempt")).isEqualTo(3);
        assertThat(dead.getObjectProperty("Urgent")).isEqualTo(true);
    }

    @Test
    void a_job_that_fails_while_running_is_dead_lettered_with_the_reason() throws Exception {
        client.sendText(
                "jobs.in", "{\"queries\": [\"a query Tavily refuses\"]}", null, Map.of("CaravanJob", "refused"));

        Message dead = client.receive("jobs.in.dead", 30_000);
        assertThat(dead).as("dead-lettered message").isNotNull();
        assertThat(dead.getStringProperty("CaravanError")).containsIgnoringCase("api key");
        assertThat(((TextMessage) dead).getText()).isEqualTo("{\"queries\": [\"a query Tavily refuses\"]}");
        assertThat(dead.getJMSCorrelationID()).isNull();
        client.sendText("jobs.in", "not json", null, Map.of("CaravanJob", "sentinel-refused"));
        MessagingTestSupport.assertNextIsSentinelJob(client, "jobs.in.dead", "sentinel-refused");
        assertThat(client.depth("jobs.in")).isZero();
        assertThat(caravan.reports()).noneMatch(r -> r.startsWith("refused"));
    }
}
