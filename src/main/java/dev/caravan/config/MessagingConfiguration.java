package dev.caravan.config;

import dev.caravan.messaging.EmbeddedBroker;
import dev.caravan.messaging.MessagingSettings;
import dev.caravan.messaging.ReportEvents;
import java.nio.file.Path;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.component.jms.JmsComponent;
import org.apache.camel.spi.LifecycleStrategy;
import org.apache.camel.support.LifecycleStrategySupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JMS intake and report events ({@code research.jms.*}). Does nothing unless {@code research.jms.enabled} is true
 * (the JMS routes in routes/11-intake-jms.yaml and routes/50-report.yaml are then left out by their preconditions).
 * Starts the embedded Artemis broker when no broker URL is set, and stops it after Camel has stopped, so in-flight
 * jobs are rolled back rather than cut off.
 */
public class MessagingConfiguration implements CamelConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger("caravan");

    @Override
    public void configure(CamelContext context) throws Exception {
        // never start a second broker, even if this configuration were applied twice
        if (context.getRegistry().lookupByName("messagingSettings") != null) return;
        PropertyReader props =
                new PropertyReader(key -> context.getPropertiesComponent().resolveProperty(key));
        MessagingSettings settings = settings(props);
        context.getRegistry().bind("messagingSettings", settings);
        if (!settings.enabled()) return;

        String url = settings.connection().brokerUrl();
        if (settings.embedded()) {
            EmbeddedBroker broker = new EmbeddedBroker(settings);
            broker.start();
            context.addLifecycleStrategy(stopAfterCamel(broker));
            url = broker.clientUrl();
            MessagingSettings.Broker own = settings.broker();
            LOG.info(
                    "embedded JMS broker listening on {}:{} ({}), data in {}",
                    own.host(),
                    own.port(),
                    String.join(", ", own.protocols()),
                    own.dataDir());
        }
        ActiveMQConnectionFactory connections = new ActiveMQConnectionFactory(
                url,
                settings.connection().username().isEmpty()
                        ? null
                        : settings.connection().username(),
                settings.connection().username().isEmpty()
                        ? null
                        : settings.connection().password());
        if (!url.contains("consumerWindowSize")) {
            // no prefetch: a waiting job stays on the broker for whichever instance is free, instead of queuing
            // behind a long job in one instance's buffer
            connections.setConsumerWindowSize(0);
        }
        context.getComponent("jms", JmsComponent.class).setConnectionFactory(connections);

        context.getRegistry().bind("reportEvents", new ReportEvents());
        LOG.info(
                "taking jobs from JMS queue {} ({}), report events to {}",
                settings.queues().queue(),
                settings.embedded() ? "embedded broker" : "broker " + url,
                settings.queues().events());
    }

    static MessagingSettings settings(PropertyReader props) {
        boolean enabled = props.booleanValue("research.jms.enabled");
        if (!enabled) {
            return MessagingSettings.disabled();
        }
        return new MessagingSettings(
                true,
                new MessagingSettings.Queues(
                        props.string("research.jms.queue"),
                        props.string("research.jms.events"),
                        props.string("research.jms.dead-letter-queue")),
                new MessagingSettings.Connection(
                        props.orEmpty("research.jms.broker-url"),
                        props.orEmpty("research.jms.username"),
                        props.orEmpty("research.jms.password")),
                new MessagingSettings.Broker(
                        props.string("research.jms.host"),
                        props.intValue("research.jms.port"),
                        Path.of(props.string("research.jms.data-dir")),
                        props.list("research.jms.protocols"),
                        props.intValue("research.jms.max-delivery-attempts")),
                props.intValue("research.jms.concurrent-consumers"));
    }

    private static LifecycleStrategy stopAfterCamel(EmbeddedBroker broker) {
        return new LifecycleStrategySupport() {
            @Override
            public void onContextStopped(CamelContext context) {
                try {
                    broker.stop();
                } catch (Exception e) {
                    LOG.warn("embedded JMS broker did not stop cleanly: {}", e.toString());
                }
            }
        };
    }
}
