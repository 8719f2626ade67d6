package dev.caravan.messaging;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/** A plain JMS client over TCP, as another system would use the broker. */
final class JmsClient implements AutoCloseable {

    private final Connection connection;
    private final Session session;

    JmsClient(String url) throws JMSException {
        connection = new ActiveMQConnectionFactory(url).createConnection();
        connection.start();
        session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
    }

    /** Sends a text message; null correlation ID or properties are left out. Returns the JMSMessageID. */
    String sendText(String queue, String body, String correlationId, Map<String, String> properties)
            throws JMSException {
        TextMessage m = session.createTextMessage(body);
        return send(queue, m, correlationId, properties);
    }

    String sendBytes(String queue, byte[] body, String correlationId, Map<String, String> properties)
            throws JMSException {
        var m = session.createBytesMessage();
        m.writeBytes(body);
        return send(queue, m, correlationId, properties);
    }

    /** The session, for building messages of other kinds to hand to {@link #send}. */
    Session session() {
        return session;
    }

    /** Sends {@code m} with the given properties (String, Integer, Boolean... as JMS allows). Returns the JMSMessageID. */
    String send(String queue, Message m, String correlationId, Map<String, ?> properties) throws JMSException {
        if (correlationId != null) m.setJMSCorrelationID(correlationId);
        for (var e : properties.entrySet()) m.setObjectProperty(e.getKey(), e.getValue());
        try (var producer = session.createProducer(session.createQueue(queue))) {
            producer.send(m);
        }
        return m.getJMSMessageID();
    }

    /** The next message on {@code queue}, or null after {@code timeoutMs}. */
    Message receive(String queue, long timeoutMs) throws JMSException {
        try (MessageConsumer consumer = session.createConsumer(session.createQueue(queue))) {
            return consumer.receive(timeoutMs);
        }
    }

    /** How many messages wait on {@code queue}, without taking them. */
    int depth(String queue) throws JMSException {
        try (QueueBrowser browser = session.createBrowser(session.createQueue(queue))) {
            List<?> all = Collections.list(browser.getEnumeration());
            return all.size();
        }
    }

    @Override
    public void close() throws JMSException {
        connection.close();
    }
}
