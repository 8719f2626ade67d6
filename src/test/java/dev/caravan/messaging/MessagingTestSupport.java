package dev.caravan.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.nio.file.Files;
import java.util.List;
import java.util.Properties;

/**
 * The broker set-up the messaging tests share, and the check that nothing more arrived: instead of waiting a while for
 * silence (which passes just as well when the consumer is dead), a test sends a sentinel message and asserts that the
 * sentinel is what comes next. That proves the consumer was live after the message under test, and that no redelivery
 * or second run came in between.
 */
final class MessagingTestSupport {

    static final String JOBS = "caravan.jobs";
    static final String EVENTS = "caravan.reports";
    static final String DEAD = "caravan.jobs.dead";

    /** How long a message that should come may take: a job runs a search and fetches pages first. */
    static final long ARRIVES_WITHIN_MS = 30_000;

    private MessagingTestSupport() {}

    static String url(int port) {
        return "tcp://127.0.0.1:" + port;
    }

    /** A client of the broker on {@code port}; it prefetches nothing, so what it does not take stays for Caravan. */
    static JmsClient client(int port) throws JMSException {
        return new JmsClient(url(port) + "?consumerWindowSize=0");
    }

    /** Overrides for a Caravan whose embedded broker listens on {@code port}. */
    static Properties embeddedBrokerOn(int port) {
        Properties p = new Properties();
        p.put("research.jms.port", String.valueOf(port));
        return p;
    }

    /** A started broker of its own on {@code port} (CORE only), as operations would run one, in a temp folder. */
    static EmbeddedBroker standaloneBroker(int port) throws Exception {
        EmbeddedBroker broker = new EmbeddedBroker(new MessagingSettings(
                true,
                new MessagingSettings.Queues(JOBS, EVENTS, DEAD),
                new MessagingSettings.Connection("", "", ""),
                new MessagingSettings.Broker(
                        "127.0.0.1", port, Files.createTempDirectory("broker"), List.of("CORE"), 5, 4_194_304),
                1));
        broker.start();
        return broker;
    }

    /** The next message on {@code queue}; fails when none comes within {@link #ARRIVES_WITHIN_MS}. */
    static Message next(JmsClient client, String queue) throws JMSException {
        Message m = client.receive(queue, ARRIVES_WITHIN_MS);
        assertThat(m)
                .as("a message on %s within %d ms", queue, ARRIVES_WITHIN_MS)
                .isNotNull();
        return m;
    }

    /** Asserts that the next message on {@code queue} is the sentinel, named by its CaravanJob property. */
    static void assertNextIsSentinelJob(JmsClient client, String queue, String sentinel) throws JMSException {
        assertThat(next(client, queue).getStringProperty("CaravanJob"))
                .as("the next message on %s", queue)
                .isEqualTo(sentinel);
    }

    /** Asserts that the next message on {@code queue} is the sentinel, named by its correlation ID. */
    static void assertNextIsSentinelCorrelation(JmsClient client, String queue, String sentinel) throws JMSException {
        assertThat(next(client, queue).getJMSCorrelationID())
                .as("the next message on %s", queue)
                .isEqualTo(sentinel);
    }
}
