package dev.caravan.messaging;

import org.jspecify.annotations.Nullable;

/**
 * Where a job that came from JMS came from: what the report events and a dead-lettered message carry back.
 *
 * @param messageId the incoming JMSMessageID
 * @param correlationId the incoming JMSCorrelationID, or null
 * @param caravanJob the incoming {@code CaravanJob} property (the job's name), or null
 */
public record JmsOrigin(
        String messageId,
        @Nullable String correlationId,
        @Nullable String caravanJob) {

    public JmsOrigin {
        correlationId = blankToNull(correlationId);
        caravanJob = blankToNull(caravanJob);
    }

    /** The JMSCorrelationID for events about this job: the incoming correlation ID, else the incoming message ID. */
    public String eventCorrelationId() {
        return correlationId != null ? correlationId : messageId;
    }

    /** What names the job (before it is made filename-safe): {@code CaravanJob}, else the message ID. */
    public String jobSource() {
        if (caravanJob != null) return caravanJob;
        return messageId == null ? "job" : messageId;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
