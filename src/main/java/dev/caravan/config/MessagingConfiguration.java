package dev.caravan.config;

import dev.caravan.messaging.EmbeddedBroker;
import dev.caravan.messaging.MessagingSettings;
import dev.caravan.messaging.ReportEvents;
import dev.caravan.messaging.SharedFetchSettings;
import dev.caravan.model.LogText;
import dev.caravan.pipeline.JmsPassThrough;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.component.jms.JmsComponent;
import org.apache.camel.spi.LifecycleStrategy;
import org.apache.camel.support.LifecycleStrategySupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jms.connection.CachingConnectionFactory;

/**
 * JMS intake and report events ({@code research.jms.*}). Does nothing unless {@code research.jms.enabled} is true
 * (the JMS routes in routes/11-intake-jms.yaml and routes/50-report.yaml are then left out by their preconditions).
 * Starts the embedded Artemis broker when no broker URL is set, and stops it after Camel has stopped, so in-flight
 * jobs are rolled back rather than cut off.
 */
public class MessagingConfiguration implements CamelConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger("caravan");

    /** Sessions kept open for shared fetching's producers: about as many as threads send at once. */
    private static final int PRODUCER_SESSIONS = 16;

    /**
     * How much a fetch-task consumer takes ahead, in bytes: one task (a URL and a few fields), so the broker hands a
     * host's next task over while the consumer still works on the one before. Without it (a window of 0, as for jobs)
     * the broker dispatched each task only once the consumer asked again, and a host's next request came 0.1 to 2 s
     * after its delay. Not more than one task: with Artemis' default (1 MiB) busy consumers kept taking new hosts, and
     * the 2 consumers of one instance took all 24 hosts of SharedFetchingFailuresTest while the other's 16 had none.
     */
    static final int FETCH_TASK_WINDOW_BYTES = 1024;

    /** How much the results subscription takes ahead, in bytes: Artemis' default, results stream in as they come. */
    static final int FETCH_RESULT_WINDOW_BYTES = 1024 * 1024;

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
        brokerWarning(settings).ifPresent(LOG::warn);
        SharedFetchSettings shared = SharedFetching.read(props);
        if (settings.embedded()) {
            EmbeddedBroker broker = new EmbeddedBroker(settings, shared);
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
        ActiveMQConnectionFactory connections = connectionFactory(url, settings);
        context.getComponent("jms", JmsComponent.class).setConnectionFactory(connections);
        if (shared.enabled()) {
            // shared fetching sends a message per page: its producers reuse one connection and cached sessions instead
            // of opening a connection for every message, as a plain JMS endpoint does
            CachingConnectionFactory producers = new CachingConnectionFactory(connections);
            producers.setSessionCacheSize(PRODUCER_SESSIONS);
            producers.setCacheProducers(true);
            context.getRegistry().bind("jmsProducers", producers);
            openAhead(producers, shared);
            ActiveMQConnectionFactory tasks = connectionFactory(url, settings);
            tasks.setConsumerWindowSize(FETCH_TASK_WINDOW_BYTES);
            context.getRegistry().bind("fetchTaskConnections", tasks);
            ActiveMQConnectionFactory results = connectionFactory(url, settings);
            results.setConsumerWindowSize(FETCH_RESULT_WINDOW_BYTES);
            context.getRegistry().bind("fetchResultConnections", results);
            context.addLifecycleStrategy(new LifecycleStrategySupport() {
                @Override
                public void onContextStopped(CamelContext stopped) {
                    producers.destroy();
                    tasks.close();
                    results.close();
                }
            });
        }

        context.getRegistry().bind("reportEvents", new ReportEvents());
        context.getRegistry().bind("jmsPassThrough", new JmsPassThrough());
        LOG.info(
                "taking jobs from JMS queue {} ({}), report events to {}",
                settings.queues().queue(),
                settings.embedded() ? "embedded broker" : "broker " + url,
                settings.queues().events());
    }

    /**
     * Opens the producers' connection, and a session with a producer for each of shared fetching's three destinations,
     * in the background, so that the first job's first tasks do not wait for them: in the jail setting of
     * bench/cluster.sh the first task of each instance took 130 to 150 ms to send, 65 to 75 ms with this. Closing the
     * session and the producers hands them to the cache, for the routes' sends. A broker that cannot be reached yet
     * only leaves them to be opened at the first send, as before; startup never waits for it.
     *
     * @return completes with whether they were opened
     */
    static CompletableFuture<Boolean> openAhead(CachingConnectionFactory producers, SharedFetchSettings shared) {
        CompletableFuture<Boolean> opened = new CompletableFuture<>();
        Thread t = new Thread(
                () -> {
                    try {
                        Connection connection = producers.createConnection();
                        try (Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE)) {
                            session.createProducer(session.createQueue(shared.queue()))
                                    .close();
                            session.createProducer(session.createTopic(shared.results()))
                                    .close();
                            session.createProducer(session.createTopic(shared.hosts()))
                                    .close();
                        }
                        opened.complete(true);
                    } catch (JMSException | RuntimeException e) {
                        LOG.debug(
                                "the JMS producers were not opened ahead, they open at the first send: {}",
                                LogText.safe(String.valueOf(e.getMessage())));
                        opened.complete(false);
                    }
                },
                "jms-producers-ahead");
        t.setDaemon(true);
        t.start();
        return opened;
    }

    /**
     * Caravan's one JMS connection factory. Whatever the broker URL says, an ObjectMessage body can be deserialised
     * only as a String: Caravan never reads one (jobs are text or bytes), and deserialising what a stranger sent could
     * run code.
     */
    static ActiveMQConnectionFactory connectionFactory(String url, MessagingSettings settings) {
        String username = settings.connection().username();
        ActiveMQConnectionFactory connections = new ActiveMQConnectionFactory(
                url,
                username.isEmpty() ? null : username,
                username.isEmpty() ? null : settings.connection().password());
        connections.setDeserializationAllowList(String.class.getName());
        if (!url.contains("consumerWindowSize")) {
            // no prefetch: a waiting job stays on the broker for whichever instance is free, instead of queuing
            // behind a long job in one instance's buffer
            connections.setConsumerWindowSize(0);
        }
        return connections;
    }

    /** The startup warning when the embedded broker is reachable from other machines without a username. */
    static Optional<String> brokerWarning(MessagingSettings settings) {
        if (!settings.enabled() || !settings.embedded()) return Optional.empty();
        return ListenAddress.openWithoutLogin(
                "the embedded JMS broker",
                settings.broker().host(),
                settings.broker().port(),
                !settings.connection().username().isEmpty(),
                "submit jobs and read report events and dead-lettered jobs",
                "set research.jms.username and research.jms.password (in the environment), or research.jms.host=127.0.0.1");
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
                        props.intValue("research.jms.max-delivery-attempts"),
                        props.longValue("research.jms.max-message-bytes")),
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
