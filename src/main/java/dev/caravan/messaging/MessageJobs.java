package dev.caravan.messaging;

import dev.caravan.model.FailureReasons;
import dev.caravan.model.Job;
import dev.caravan.model.JobFormatException;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import java.nio.charset.StandardCharsets;
import org.apache.activemq.artemis.jms.client.ActiveMQMessage;
import org.jspecify.annotations.Nullable;

/**
 * Reads jobs from JMS messages: the same JSON as a {@code .json} job file in a text or bytes message, named by the
 * {@code CaravanJob} property or else the message ID (made filename-safe). Other kinds of message are refused unread.
 * Hands back a failed job's message for the dead-letter queue as it was sent. Thread-safe.
 */
public class MessageJobs {

    /** Why a message was dead-lettered. */
    public static final String ERROR_PROPERTY = "CaravanError";

    /** The JMSMessageID a dead-lettered message had when Caravan took it. */
    public static final String MESSAGE_ID_PROPERTY = "CaravanMessageId";

    /** Parses job content as the job file {@code fileName}; intake's parser, handed in by the configuration. */
    @FunctionalInterface
    public interface Parser {
        /** @throws JobFormatException when the content is not a job Caravan can run */
        Job parse(String fileName, byte[] content);
    }

    private final Parser parser;
    private final long maxBytes;

    public MessageJobs(Parser parser, long maxBytes) {
        if (maxBytes <= 0)
            throw new IllegalArgumentException("research.input.max-bytes must be positive, got " + maxBytes);
        this.parser = parser;
        this.maxBytes = maxBytes;
    }

    public JmsOrigin origin(String messageId, String correlationId, String caravanJob) {
        return new JmsOrigin(messageId, correlationId, caravanJob);
    }

    /**
     * Parses a job message: a JMS text or bytes message, or a body already taken from one (String or byte[]). Any other
     * kind of message is refused before its body is read: an ObjectMessage's body would be deserialised.
     */
    public Job read(@Nullable Object body, JmsOrigin origin) {
        byte[] content;
        if (body instanceof Message message) content = content(message);
        else if (body instanceof byte[] bytes) content = bytes;
        else if (body instanceof String text) content = text.getBytes(StandardCharsets.UTF_8);
        else if (body == null) content = new byte[0];
        else {
            throw new JobFormatException("the message must be a text or bytes message holding a JSON job, got "
                    + body.getClass().getSimpleName());
        }
        checkSize(content.length);
        return parser.parse(origin.jobSource() + ".json", content);
    }

    private byte[] content(Message message) {
        try {
            if (message instanceof TextMessage text) {
                String s = text.getText();
                return s == null ? new byte[0] : s.getBytes(StandardCharsets.UTF_8);
            }
            if (message instanceof BytesMessage bytes) {
                long length = bytes.getBodyLength();
                checkSize(length);
                byte[] content = new byte[(int) length];
                bytes.readBytes(content);
                return content;
            }
        } catch (JMSException e) {
            throw new JobFormatException("the message body could not be read: " + e.getMessage());
        }
        throw new JobFormatException("the message must be a text or bytes message holding a JSON job, got "
                + kind(message) + "; its body was not read");
    }

    private static String kind(Message message) {
        if (message instanceof ObjectMessage) return "an ObjectMessage";
        if (message instanceof StreamMessage) return "a StreamMessage";
        if (message instanceof MapMessage) return "a MapMessage";
        return "a message with no body";
    }

    private void checkSize(long bytes) {
        if (bytes > maxBytes) {
            throw new JobFormatException("the message is " + bytes + " bytes; the limit is " + maxBytes
                    + " bytes (research.input.max-bytes)");
        }
    }

    /**
     * The message to send to the dead-letter queue: {@code original} itself, so its kind, body, JMSType, correlation
     * ID and properties stay as they were sent (the body is not rebuilt, and a refused kind's body is still unread),
     * with {@code CaravanError} and {@code CaravanMessageId} (the original message ID) added. Received properties are
     * read-only in JMS, so these two are set on the Artemis message underneath.
     */
    public Message deadLetter(Message original, String reason, String messageId) {
        if (!(original instanceof ActiveMQMessage artemis)) {
            throw new IllegalArgumentException(
                    "not an ActiveMQ Artemis message: " + original.getClass().getName());
        }
        artemis.getCoreMessage().putStringProperty(ERROR_PROPERTY, reason);
        artemis.getCoreMessage().putStringProperty(MESSAGE_ID_PROPERTY, messageId);
        return original;
    }

    /**
     * Why a job goes to the dead-letter queue. While Caravan is stopping the failure is most likely the shutdown
     * itself, so the job is not dead-lettered: this throws, the transaction rolls back and the broker redelivers it.
     */
    public String deadLetterReason(Throwable error, boolean stopping) {
        if (stopping) {
            throw new IllegalStateException("Caravan is stopping; the job goes back to the queue", error);
        }
        return FailureReasons.reason(error);
    }
}
