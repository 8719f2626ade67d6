package dev.caravan.messaging;

import java.nio.file.Path;
import java.util.Set;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.DivertConfiguration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.config.impl.SecurityConfiguration;
import org.apache.activemq.artemis.core.security.Role;
import org.apache.activemq.artemis.core.server.ComponentConfigurationRoutingType;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.apache.activemq.artemis.spi.core.security.ActiveMQJAASSecurityManager;
import org.apache.activemq.artemis.spi.core.security.jaas.InVMLoginModule;

/**
 * An ActiveMQ Artemis broker inside Caravan's JVM: one TCP port speaking the configured protocols (CORE, AMQP and STOMP
 * by default; OPENWIRE when listed), messages persisted in a journal under the data folder. The jobs queue and the dead-letter queue exist
 * from the start, so messages sent before Caravan consumes are kept, and a message delivered
 * {@code maxDeliveryAttempts} times without being acknowledged (Caravan crashed on it each time) moves to the
 * dead-letter queue. A job message larger than {@code maxMessageBytes} goes to the dead-letter queue as soon as it is
 * sent, with the reason in {@code CaravanError} ({@link OversizedMessages}). With a username set, clients must log in
 * with it; otherwise there is no authentication, which is why the default listen address is 127.0.0.1.
 */
public class EmbeddedBroker {

    /** Room for a message's headers and properties above the size of its body. */
    private static final long HEADROOM_BYTES = 64 * 1024;

    private final MessagingSettings settings;
    private final SharedFetchSettings sharing;
    private EmbeddedActiveMQ server;

    public EmbeddedBroker(MessagingSettings settings) {
        this(settings, SharedFetchSettings.off());
    }

    /**
     * A broker that also carries shared fetching when {@code sharing} is on: the fetch queue exists from the start, and
     * a task or result larger than its limit goes to the dead-letter queue before any instance loads it.
     */
    public EmbeddedBroker(MessagingSettings settings, SharedFetchSettings sharing) {
        this.settings = settings;
        this.sharing = sharing;
    }

    public synchronized void start() throws Exception {
        if (server != null) return;
        Path data = settings.broker().dataDir().toAbsolutePath();
        Configuration config = new ConfigurationImpl()
                .setName("caravan")
                .setPersistenceEnabled(true)
                .setJournalType(JournalType.NIO)
                .setJournalDirectory(data.resolve("journal").toString())
                .setBindingsDirectory(data.resolve("bindings").toString())
                .setPagingDirectory(data.resolve("paging").toString())
                .setLargeMessagesDirectory(data.resolve("large-messages").toString())
                .setNodeManagerLockDirectory(data.toString())
                .setPersistDeliveryCountBeforeDelivery(true)
                .setJMXManagementEnabled(false)
                .setSecurityEnabled(!settings.connection().username().isEmpty());
        config.addAcceptorConfiguration(
                "caravan",
                "tcp://" + hostForUrl(settings.broker().host()) + ":"
                        + settings.broker().port() + "?protocols="
                        + String.join(",", settings.broker().protocols()));
        config.addAddressSetting(
                settings.queues().queue(),
                new AddressSettings()
                        .setDeadLetterAddress(SimpleString.of(settings.queues().deadLetterQueue()))
                        .setMaxDeliveryAttempts(settings.broker().maxDeliveryAttempts()));
        for (String queue :
                new String[] {settings.queues().queue(), settings.queues().deadLetterQueue()}) {
            config.addQueueConfiguration(QueueConfiguration.of(queue)
                    .setAddress(queue)
                    .setRoutingType(RoutingType.ANYCAST)
                    .setDurable(true));
        }
        // a job message too large to read goes to the dead-letter queue before Caravan's consumer loads it; so do a
        // fetch task or result over its limit (a CORE text message takes two bytes per character)
        java.util.Map<String, Long> limits = new java.util.HashMap<>();
        java.util.Map<String, String> keys = new java.util.HashMap<>();
        limits.put(settings.queues().queue(), settings.broker().maxMessageBytes());
        keys.put(settings.queues().queue(), "research.jms.max-message-bytes");
        if (sharing.enabled()) {
            limits.put(sharing.queue(), 2 * FetchMessages.MAX_TASK_BYTES + HEADROOM_BYTES);
            keys.put(sharing.queue(), "a fetch task's limit");
            limits.put(sharing.results(), sharing.maxResultBytes() + HEADROOM_BYTES);
            keys.put(sharing.results(), "research.fetch.shared.max-result-bytes");
            config.addQueueConfiguration(QueueConfiguration.of(sharing.queue())
                    .setAddress(sharing.queue())
                    .setRoutingType(RoutingType.ANYCAST)
                    .setDurable(true));
            config.addAddressSetting(
                    sharing.queue(),
                    new AddressSettings()
                            .setDeadLetterAddress(
                                    SimpleString.of(settings.queues().deadLetterQueue()))
                            .setMaxDeliveryAttempts(settings.broker().maxDeliveryAttempts()));
        }
        config.registerBrokerPlugin(new OversizedMessages(limits, keys));
        for (String address : limits.keySet()) {
            config.addDivertConfiguration(new DivertConfiguration()
                    .setName(
                            address.equals(settings.queues().queue())
                                    ? "caravan-oversized-jobs"
                                    : "caravan-oversized-" + address)
                    .setAddress(address)
                    .setForwardingAddress(settings.queues().deadLetterQueue())
                    .setFilterString(OversizedMessages.DIVERT_FILTER)
                    .setExclusive(true)
                    .setRoutingType(ComponentConfigurationRoutingType.ANYCAST));
        }
        SecurityConfiguration users = new SecurityConfiguration();
        if (!settings.connection().username().isEmpty()) {
            users.addUser(
                    settings.connection().username(), settings.connection().password());
            users.addRole(settings.connection().username(), "caravan");
            config.putSecurityRoles(
                    "#", Set.of(new Role("caravan", true, true, true, true, true, true, true, true, true, true)));
        }
        EmbeddedActiveMQ broker = new EmbeddedActiveMQ()
                .setConfiguration(config)
                .setSecurityManager(new ActiveMQJAASSecurityManager(InVMLoginModule.class.getName(), users));
        broker.start();
        server = broker;
    }

    /** The URL Caravan's own client uses to reach this broker. */
    public String clientUrl() {
        String host = settings.broker().host();
        if (host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]")) host = "127.0.0.1";
        return "tcp://" + hostForUrl(host) + ":" + settings.broker().port();
    }

    public synchronized void stop() throws Exception {
        if (server == null) return;
        try {
            server.stop();
        } finally {
            server = null;
        }
    }

    private static String hostForUrl(String host) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }
}
