package dev.caravan.messaging;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code research.jms.*} keys: where jobs come from, where report events go, and the broker (embedded unless
 * {@code brokerUrl} is set). Bad values fail with the key's name.
 *
 * @param enabled whether Caravan takes jobs from JMS at all
 * @param queues where jobs come from and where events and failed jobs go
 * @param connection which broker to use and how to log in to it
 * @param broker the embedded broker, used when {@code connection} names no broker URL
 * @param concurrentConsumers jobs run at the same time by this instance
 */
public record MessagingSettings(
        boolean enabled, Queues queues, Connection connection, Broker broker, int concurrentConsumers) {

    /**
     * @param queue the queue jobs are read from
     * @param events the destination report events go to; a queue name, or {@code topic:name}
     * @param deadLetterQueue the queue unreadable or failed jobs go to, with the reason in {@code CaravanError}
     */
    public record Queues(String queue, String events, String deadLetterQueue) {}

    /**
     * @param brokerUrl an external Artemis broker's URL; empty means Caravan starts its own
     * @param username broker user; empty means none (and an embedded broker without authentication)
     * @param password broker password
     */
    public record Connection(String brokerUrl, String username, String password) {
        public Connection {
            username = username == null ? "" : username.strip();
            password = password == null ? "" : password;
            brokerUrl = brokerUrl == null ? "" : brokerUrl.strip();
        }
    }

    /**
     * @param host the embedded broker's listen address
     * @param port the embedded broker's TCP port
     * @param dataDir where the embedded broker persists messages
     * @param protocols the embedded broker's protocols on that port
     * @param maxDeliveryAttempts deliveries of one message before the embedded broker moves it to the dead-letter queue
     * @param maxMessageBytes the largest job message the embedded broker hands to Caravan; larger ones go straight to
     *     the dead-letter queue
     */
    public record Broker(
            String host,
            int port,
            Path dataDir,
            List<String> protocols,
            int maxDeliveryAttempts,
            long maxMessageBytes) {
        public Broker {
            protocols = protocols.stream().map(p -> p.toUpperCase(Locale.ROOT)).toList();
        }
    }

    /** Settings for a Caravan that takes no jobs from JMS. */
    public static MessagingSettings disabled() {
        return new MessagingSettings(
                false,
                new Queues("", "", ""),
                new Connection("", "", ""),
                new Broker("", 0, Path.of("."), List.of(), 1, 1),
                1);
    }

    /** The protocols an Artemis acceptor can speak with the modules Caravan ships. */
    public static final Set<String> KNOWN_PROTOCOLS = Set.of("CORE", "AMQP", "STOMP", "OPENWIRE", "MQTT");

    /** The smallest research.jms.max-message-bytes: a message's headers and properties alone take a few hundred. */
    public static final long MIN_MESSAGE_BYTES = 1024;

    public MessagingSettings {
        if (enabled) validate(queues, connection.brokerUrl(), broker, concurrentConsumers);
    }

    private static void validate(Queues queues, String brokerUrl, Broker broker, int concurrentConsumers) {
        String queue = queues.queue();
        String deadLetterQueue = queues.deadLetterQueue();
        String events = queues.events();
        String host = broker.host();
        int port = broker.port();
        List<String> protocols = broker.protocols();
        int maxDeliveryAttempts = broker.maxDeliveryAttempts();
        requireName(queue, "research.jms.queue");
        requireName(deadLetterQueue, "research.jms.dead-letter-queue");
        requireName(events.replaceFirst("^(queue|topic):", ""), "research.jms.events");
        if (queue.equals(deadLetterQueue)) {
            throw new IllegalArgumentException("research.jms.dead-letter-queue must differ from research.jms.queue");
        }
        if (concurrentConsumers < 1) {
            throw new IllegalArgumentException(
                    "research.jms.concurrent-consumers must be at least 1, got " + concurrentConsumers);
        }
        if (brokerUrl.isEmpty()) {
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("research.jms.port must be 1-65535, got " + port);
            }
            if (host.isBlank()) throw new IllegalArgumentException("research.jms.host must not be empty");
            if (protocols.isEmpty()) throw new IllegalArgumentException("research.jms.protocols must not be empty");
            for (String p : protocols) {
                if (!KNOWN_PROTOCOLS.contains(p) || p.equals("MQTT")) {
                    throw new IllegalArgumentException("research.jms.protocols: unknown or unavailable protocol '" + p
                            + "'; use CORE, AMQP, STOMP, OPENWIRE");
                }
            }
            if (maxDeliveryAttempts < 1) {
                throw new IllegalArgumentException(
                        "research.jms.max-delivery-attempts must be at least 1, got " + maxDeliveryAttempts);
            }
            if (broker.maxMessageBytes() < MIN_MESSAGE_BYTES || broker.maxMessageBytes() > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("research.jms.max-message-bytes must be from " + MIN_MESSAGE_BYTES
                        + " to " + Integer.MAX_VALUE + " bytes, got " + broker.maxMessageBytes());
            }
        }
    }

    /** Whether Caravan starts its own broker. */
    public boolean embedded() {
        return connection.brokerUrl().isEmpty();
    }

    private static void requireName(String name, String key) {
        if (name == null || name.isBlank() || !name.matches("[A-Za-z0-9._\\-]+")) {
            throw new IllegalArgumentException(
                    key + " must be a queue name of letters, digits, '.', '_' or '-', got '" + name + "'");
        }
    }
}
