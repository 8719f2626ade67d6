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

    private final MessagingSettings settings;
    private EmbeddedActiveMQ server;

    public EmbeddedBroker(MessagingSettings settings) {
        this.settings = settings;
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
        // a job message too large to read goes to the dead-letter queue before Caravan's consumer loads it
        config.registerBrokerPlugin(new OversizedMessages(
                settings.queues().queue(), settings.broker().maxMessageBytes()));
        config.addDivertConfiguration(new DivertConfiguration()
                .setName("caravan-oversized-jobs")
                .setAddress(settings.queues().queue())
                .setForwardingAddress(settings.queues().deadLetterQueue())
                .setFilterString(OversizedMessages.DIVERT_FILTER)
                .setExclusive(true)
                .setRoutingType(ComponentConfigurationRoutingType.ANYCAST));
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
