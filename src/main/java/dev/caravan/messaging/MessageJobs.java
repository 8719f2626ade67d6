package dev.caravan.messaging;

import dev.caravan.model.FailureReasons;
import dev.caravan.model.Job;
import dev.caravan.model.JobFormatException;
import java.nio.charset.StandardCharsets;

/**
 * Reads jobs from JMS message bodies: the same JSON as a {@code .json} job file, named by the {@code CaravanJob}
 * property or else the message ID (made filename-safe). Thread-safe.
 */
public class MessageJobs {

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

    /** Parses a message body (a text message's String or a bytes message's byte[]). */
    public Job read(Object body, JmsOrigin origin) {
        byte[] content;
        if (body instanceof byte[] bytes) content = bytes;
        else if (body instanceof String text) content = text.getBytes(StandardCharsets.UTF_8);
        else if (body == null) content = new byte[0];
        else {
            throw new JobFormatException("the message must be a text or bytes message holding a JSON job, got "
                    + body.getClass().getSimpleName());
        }
        if (content.length > maxBytes) {
            throw new JobFormatException("the message is " + content.length + " bytes; the limit is " + maxBytes
                    + " bytes (research.input.max-bytes)");
        }
        return parser.parse(origin.jobSource() + ".json", content);
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
