package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.messaging.EmbeddedBroker;
import dev.caravan.messaging.MessagingSettings;
import dev.caravan.messaging.SharedFetchSettings;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;
import org.springframework.jms.connection.CachingConnectionFactory;

class MessagingConfigurationTest {

    private static final SharedFetchSettings SHARED = new SharedFetchSettings(
            true,
            "i1",
            "caravan.fetch",
            "caravan.fetch.results",
            "caravan.fetch.hosts",
            Duration.ofMinutes(10),
            1,
            SharedFetchSettings.MIN_RESULT_BYTES);

    @Test
    void the_producers_open_ahead_against_a_running_broker_and_sends_still_go_through() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        MessagingSettings settings = new MessagingSettings(
                true,
                new MessagingSettings.Queues("caravan.jobs", "caravan.reports", "caravan.jobs.dead"),
                new MessagingSettings.Connection("", "", ""),
                new MessagingSettings.Broker(
                        "127.0.0.1", port, Files.createTempDirectory("broker"), List.of("CORE"), 5, 4_194_304),
                1);
        EmbeddedBroker broker = new EmbeddedBroker(settings, SHARED);
        broker.start();
        CachingConnectionFactory producers =
                new CachingConnectionFactory(new ActiveMQConnectionFactory(broker.clientUrl()));
        producers.setCacheProducers(true);
        try {
            assertThat(MessagingConfiguration.openAhead(producers, SHARED).get(30, TimeUnit.SECONDS))
                    .as("opened against a running broker")
                    .isTrue();

            Connection connection = producers.createConnection();
            connection.start();
            try (Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE)) {
                MessageConsumer consumer = session.createConsumer(session.createQueue(SHARED.queue()));
                session.createProducer(session.createQueue(SHARED.queue())).send(session.createTextMessage("task"));
                TextMessage got = (TextMessage) consumer.receive(10_000);
                assertThat(got)
                        .as("a send after the producers were opened ahead")
                        .isNotNull();
                assertThat(got.getText()).isEqualTo("task");
                consumer.close();
            }
        } finally {
            producers.destroy();
            broker.stop();
        }
    }

    @Test
    void a_broker_that_cannot_be_reached_leaves_the_producers_to_the_first_send() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort(); // nothing listens there once the socket is closed
        }
        CachingConnectionFactory producers =
                new CachingConnectionFactory(new ActiveMQConnectionFactory("tcp://127.0.0.1:" + closed));
        try {
            assertThat(MessagingConfiguration.openAhead(producers, SHARED).get(30, TimeUnit.SECONDS))
                    .isFalse();
        } finally {
            producers.destroy();
        }
    }
}
