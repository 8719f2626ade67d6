package dev.caravan.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.jms.Connection;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;

class EmbeddedBrokerTest {

    @Test
    void with_a_username_clients_must_log_in_and_messages_persist_across_restarts() throws Exception {
        int port = Caravan.freePort();
        Path data = Files.createTempDirectory("broker");
        MessagingSettings settings = new MessagingSettings(
                true,
                new MessagingSettings.Queues("caravan.jobs", "caravan.reports", "caravan.jobs.dead"),
                new MessagingSettings.Connection("", "caravan", "s3cret"),
                new MessagingSettings.Broker("127.0.0.1", port, data, List.of("CORE"), 5, 4_194_304),
                1);
        EmbeddedBroker broker = new EmbeddedBroker(settings);
        broker.start();
        try {
            ActiveMQConnectionFactory anonymous = new ActiveMQConnectionFactory(broker.clientUrl());
            assertThatThrownBy(anonymous::createConnection).isInstanceOf(JMSSecurityException.class);
            ActiveMQConnectionFactory wrong = new ActiveMQConnectionFactory(broker.clientUrl(), "caravan", "nope");
            assertThatThrownBy(wrong::createConnection).isInstanceOf(JMSSecurityException.class);

            ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory(broker.clientUrl(), "caravan", "s3cret");
            try (Connection c = cf.createConnection()) {
                Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                s.createProducer(s.createQueue("caravan.jobs")).send(s.createTextMessage("kept"));
            }
            broker.stop();
            broker.start();
            try (Connection c = cf.createConnection()) {
                c.start();
                Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                TextMessage m = (TextMessage)
                        s.createConsumer(s.createQueue("caravan.jobs")).receive(10_000);
                assertThat(m).as("message persisted in " + data).isNotNull();
                assertThat(m.getText()).isEqualTo("kept");
            }
        } finally {
            broker.stop();
        }
    }
}
