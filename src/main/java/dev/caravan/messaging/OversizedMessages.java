package dev.caravan.messaging;

import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerMessagePlugin;
import org.apache.activemq.artemis.core.transaction.Transaction;
import org.apache.activemq.artemis.utils.CompositeAddress;

/**
 * A plugin of the embedded broker that marks a message sent to the jobs queue when it is larger than
 * {@code research.jms.max-message-bytes}: it gets {@link #SIZE_PROPERTY} (its size) and {@code CaravanError} (why), and
 * the broker's divert on the jobs address (filter {@link #DIVERT_FILTER}) sends it to the dead-letter queue instead.
 *
 * <p>This runs when the broker has the whole message, before any consumer sees it. It must: the Artemis client reads a
 * message's whole body into memory before it hands the message to Caravan, so a size check in Caravan would come too
 * late. The size is the message as the broker holds it: headers, properties and body (a large message's body is on
 * the broker's disk, never in its memory as a whole). Thread-safe.
 */
public class OversizedMessages implements ActiveMQServerMessagePlugin {

    /** The long property a refused message carries: its size in bytes. Reserved: removed from messages that fit. */
    public static final String SIZE_PROPERTY = "CaravanMessageBytes";

    /** The filter of the divert that sends marked messages to the dead-letter queue. */
    public static final String DIVERT_FILTER = SIZE_PROPERTY + " IS NOT NULL";

    private final java.util.Map<String, Long> limits;
    private final java.util.Map<String, String> keys;

    public OversizedMessages(String jobsAddress, long maxBytes) {
        this(java.util.Map.of(jobsAddress, maxBytes), java.util.Map.of(jobsAddress, "research.jms.max-message-bytes"));
    }

    /**
     * A plugin for several addresses, each with its own limit, and the key that sets it (named in the reason).
     *
     * @param limits the largest message, in bytes, by address
     * @param keys the configuration key of each limit
     */
    public OversizedMessages(java.util.Map<String, Long> limits, java.util.Map<String, String> keys) {
        for (var e : limits.entrySet()) {
            if (e.getValue() <= 0) {
                throw new IllegalArgumentException(keys.get(e.getKey()) + " must be positive, got " + e.getValue());
            }
        }
        this.limits = java.util.Map.copyOf(limits);
        this.keys = java.util.Map.copyOf(keys);
    }

    @Override
    public void beforeSend(
            ServerSession session, Transaction tx, Message message, boolean direct, boolean noAutoCreateQueue) {
        mark(message);
    }

    /** Marks {@code message} if it goes to the jobs queue and is too large; returns whether it did. */
    boolean mark(Message message) {
        String address =
                message.getAddress() == null ? null : CompositeAddress.extractAddressName(message.getAddress());
        // an address not known yet may be any of them: the largest limit applies
        Long limit = address == null
                ? limits.values().stream().max(Long::compare).orElse(Long.MAX_VALUE)
                : limits.get(address);
        if (limit == null) return false;
        long maxBytes = limit;
        String key = address == null ? "the largest of " + String.join(", ", keys.values()) : keys.get(address);
        long size = message.getWholeMessageSize();
        if (size <= maxBytes) {
            // only the broker says a message is too large; a sender cannot have a job dead-lettered this way
            if (message.containsProperty(SIZE_PROPERTY)) message.removeProperty(SIZE_PROPERTY);
            return false;
        }
        message.putLongProperty(SIZE_PROPERTY, size);
        message.putStringProperty(
                MessageJobs.ERROR_PROPERTY,
                "the message is " + size + " bytes; the limit is " + maxBytes + " bytes (" + key + ")");
        return true;
    }
}
