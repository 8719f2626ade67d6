package dev.caravan.messaging;

import static dev.caravan.messaging.MessagingTestSupport.DEAD;
import static dev.caravan.messaging.MessagingTestSupport.EVENTS;
import static dev.caravan.messaging.MessagingTestSupport.JOBS;
import static dev.caravan.messaging.MessagingTestSupport.next;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caravan.testing.StubServer;
import dev.caravan.testing.TavilyStub;
import dev.caravan.testing.TavilyStub.Result;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.StreamMessage;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.camel.component.jms.JmsComponent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What anyone who can reach the broker port may send to the jobs queue: messages of kinds Caravan does not read (an
 * ObjectMessage would be deserialised), and bodies too large to read. Each goes to the dead-letter queue at once, with
 * the reason, unread, and the jobs behind it still run.
 */
class JmsHostileMessagesTest {

    /** research.jms.max-message-bytes for this instance: small, so a test message a few MB over it is enough. */
    static final long MAX_MESSAGE_BYTES = 65_536;

    static TavilyStub tavily;
    static StubServer site;
    static Caravan caravan;
    static JmsClient client;

    @BeforeAll
    static void start() throws Exception {
        tavily = new TavilyStub();
        site = new StubServer();
        site.page("/robots.txt", 200, "text/plain", "User-agent: *\nAllow: /\n");
        site.page(
                "/tides",
                200,
                "text/html; charset=utf-8",
                "<html><head><title>Tides</title></head><body><article><h1>Tides</h1><p>Spring tides happen when "
                        + "the sun and the moon line up with the earth, twice a month.</p></article></body></html>");
        tavily.results("what causes spring tides", new Result(site.url("/tides"), "Tides", "snippet"));
        int port = Caravan.freePort();
        var p = MessagingTestSupport.embeddedBrokerOn(port);
        p.put("research.jms.max-message-bytes", String.valueOf(MAX_MESSAGE_BYTES));
        caravan = Caravan.start(tavily.baseUrl(), p);
        client = MessagingTestSupport.client(port);
    }

    @AfterAll
    static void stop() throws Exception {
        if (client != null) client.close();
        if (caravan != null) caravan.close();
        tavily.close();
        site.close();
    }

    /** The message kinds Caravan refuses, how to make one, and how to check the dead-lettered copy is the same. */
    enum Kind {
        OBJECT("an ObjectMessage", ObjectMessage.class) {
            @Override
            Message make(Session s) throws JMSException {
                return s.createObjectMessage(new Tripwire());
            }

            @Override
            void assertSameBody(Message dead) throws JMSException {
                assertThat(((ObjectMessage) dead).getObject()).isInstanceOf(Tripwire.class);
            }
        },
        STREAM("a StreamMessage", StreamMessage.class) {
            @Override
            Message make(Session s) throws JMSException {
                StreamMessage m = s.createStreamMessage();
                m.writeString("{\"queries\": [\"q\"]}");
                m.writeInt(42);
                return m;
            }

            @Override
            void assertSameBody(Message dead) throws JMSException {
                StreamMessage m = (StreamMessage) dead;
                assertThat(m.readString()).isEqualTo("{\"queries\": [\"q\"]}");
                assertThat(m.readInt()).isEqualTo(42);
            }
        },
        MAP("a MapMessage", MapMessage.class) {
            @Override
            Message make(Session s) throws JMSException {
                MapMessage m = s.createMapMessage();
                m.setString("queries", "q");
                return m;
            }

            @Override
            void assertSameBody(Message dead) throws JMSException {
                assertThat(((MapMessage) dead).getString("queries")).isEqualTo("q");
            }
        },
        NO_BODY("a message with no body", Message.class) {
            @Override
            Message make(Session s) throws JMSException {
                return s.createMessage();
            }

            @Override
            void assertSameBody(Message dead) {
                assertThat(dead).isNotInstanceOfAny(BytesMessage.class, jakarta.jms.TextMessage.class);
            }
        };

        final String label;
        final Class<? extends Message> type;

        Kind(String label, Class<? extends Message> type) {
            this.label = label;
            this.type = type;
        }

        abstract Message make(Session s) throws JMSException;

        abstract void assertSameBody(Message dead) throws JMSException;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Kind.class)
    void a_message_that_is_not_text_or_bytes_is_dead_lettered_at_once_unread_with_the_reason(Kind kind)
            throws Exception {
        int readsBefore = Tripwire.READS.get();
        String id = client.send(
                JOBS,
                kind.make(client.session()),
                "corr-" + kind,
                Map.of("CaravanJob", "kind-" + kind, "Sender", "mallory"));

        Message dead = next(client, DEAD);
        assertThat(dead.getStringProperty("CaravanError"))
                .isEqualTo("the message must be a text or bytes message holding a JSON job, got " + kind.label
                        + "; its body was not read");
        assertThat(Tripwire.READS.get())
                .as("ObjectMessage bodies deserialised by Caravan")
                .isEqualTo(readsBefore);
        assertThat(dead).isInstanceOf(kind.type);
        kind.assertSameBody(dead);
        assertThat(dead.getStringProperty("CaravanJob")).isEqualTo("kind-" + kind);
        assertThat(dead.getStringProperty("CaravanMessageId")).isEqualTo(id);
        assertThat(dead.getJMSCorrelationID()).isEqualTo("corr-" + kind);

        // dead-lettered once, by Caravan, not redelivered: the next message there is a later sentinel
        client.sendText(JOBS, "not json", null, Map.of("CaravanJob", "sentinel-" + kind));
        MessagingTestSupport.assertNextIsSentinelJob(client, DEAD, "sentinel-" + kind);
        assertThat(client.depth(JOBS)).isZero();
    }

    @Test
    void a_message_over_the_size_limit_is_dead_lettered_before_caravan_reads_it_and_the_job_behind_it_runs()
            throws Exception {
        byte[] huge = new byte[3 * 1024 * 1024];
        Arrays.fill(huge, (byte) ' ');
        client.sendBytes(JOBS, huge, "corr-huge", Map.of("CaravanJob", "huge"));
        client.sendText(
                JOBS, "{\"queries\": [\"what causes spring tides\"]}", "corr-after", Map.of("CaravanJob", "after"));

        Message dead = next(client, DEAD);
        assertThat(dead.getStringProperty("CaravanJob")).isEqualTo("huge");
        assertThat(dead.getStringProperty("CaravanError"))
                .matches("the message is \\d+ bytes; the limit is 65536 bytes \\(research.jms.max-message-bytes\\)");
        assertThat(dead.getStringProperty("CaravanMessageId"))
                .as("set only when Caravan itself took the message")
                .isNull();
        assertThat(dead).isInstanceOf(BytesMessage.class);
        assertThat(((BytesMessage) dead).getBodyLength()).isEqualTo(huge.length);
        assertThat(dead.getJMSCorrelationID()).isEqualTo("corr-huge");

        Message event = next(client, EVENTS);
        assertThat(event.getJMSCorrelationID()).isEqualTo("corr-after");
        assertThat(client.depth(JOBS)).isZero();
    }

    @Test
    void the_connection_factory_caravan_uses_deserialises_nothing_but_strings() throws Exception {
        ConnectionFactory factory =
                caravan.context().getComponent("jms", JmsComponent.class).getConnectionFactory();
        try (Connection c = factory.createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue scratch = s.createQueue("scratch.objects");
            try (MessageProducer producer = s.createProducer(scratch);
                    MessageConsumer consumer = s.createConsumer(scratch)) {
                producer.send(s.createObjectMessage(new HashMap<>(Map.of("k", "v"))));
                producer.send(s.createObjectMessage("just a string"));

                ObjectMessage map = (ObjectMessage) consumer.receive(10_000);
                assertThatThrownBy(map::getObject)
                        .isInstanceOf(JMSException.class)
                        .hasMessageContaining("java.util.HashMap");
                ObjectMessage text = (ObjectMessage) consumer.receive(10_000);
                assertThat(text.getObject()).isEqualTo("just a string");
            }
        }
    }
}
