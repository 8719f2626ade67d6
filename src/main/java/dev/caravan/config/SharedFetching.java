package dev.caravan.config;

import dev.caravan.messaging.SharedFetchSettings;
import dev.caravan.pipeline.FetchTasks;
import dev.caravan.pipeline.HostHandovers;
import dev.caravan.pipeline.SharedFetches;
import dev.caravan.progress.Progress;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;
import org.apache.camel.CamelContext;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Shared fetching between the instances on one broker ({@code research.fetch.*shared*} keys; see
 * docs/fetching-across-instances.md): reads the settings and, when it is on, builds and binds the two beans of
 * routes/41-fetch-shared.yaml: {@code sharedFetches} (this instance's pages as fetch tasks, and their results),
 * {@code fetchTasks} (other instances' tasks fetched here) and {@code hostHandovers} (when a host another instance
 * asked may be asked here). Off by default: then nothing here runs.
 */
final class SharedFetching {

    private static final Logger LOG = LoggerFactory.getLogger("caravan");

    /** The key of this instance's name; set here when the file leaves it empty, so the routes can select on it. */
    static final String INSTANCE_KEY = "research.fetch.shared.instance";

    private SharedFetching() {}

    /**
     * The settings; when on, JMS must be on too (the broker carries the tasks), and an empty instance name becomes
     * {@code <camel.main.name>-<host>-<pid>}.
     */
    static SharedFetchSettings read(PropertyReader props) {
        if (!props.booleanValue("research.fetch.shared")) return SharedFetchSettings.off();
        if (!props.booleanValue("research.jms.enabled")) {
            throw new IllegalArgumentException("research.fetch.shared = true needs research.jms.enabled = true: the"
                    + " fetch tasks travel through the JMS broker");
        }
        String instance = props.orEmpty(INSTANCE_KEY);
        if (instance.isEmpty()) instance = defaultInstance(props.orEmpty("camel.main.name"), System.getenv("HOSTNAME"));
        return new SharedFetchSettings(
                true,
                instance,
                props.string("research.fetch.shared.queue"),
                props.string("research.fetch.shared.results"),
                props.string("research.fetch.shared.hosts"),
                Duration.ofMillis(
                        props.longIn("research.fetch.shared.task-timeout-ms", 1000, 86_400_000, "milliseconds")),
                props.intIn("research.fetch.shared.consumers", 1, 1000, "consumers"),
                props.longValue("research.fetch.shared.max-result-bytes"));
    }

    /** {@code <name>-<host>-<pid>}, with anything but letters, digits, '.', '_' and '-' dropped. */
    static String defaultInstance(String name, @Nullable String host) {
        String raw = (name.isBlank() ? "caravan" : name) + "-" + (host == null || host.isBlank() ? "host" : host) + "-"
                + ProcessHandle.current().pid();
        return raw.replaceAll("[^A-Za-z0-9._-]", "");
    }

    /**
     * Binds the beans of shared fetching and returns the owner's side, which the fetch steps then use; null (and
     * nothing bound) when it is off.
     */
    static @Nullable SharedFetches bind(
            CamelContext context,
            SharedFetchSettings settings,
            FetchStage.Built fetch,
            Progress progress,
            Executor completions,
            Clock clock) {
        if (!settings.enabled()) return null;
        context.getPropertiesComponent().addOverrideProperty(INSTANCE_KEY, settings.instance());
        SharedFetches owner = new SharedFetches(
                settings,
                SharedFetches.viaRoute(context.createProducerTemplate(), "direct:send-fetch-task"),
                progress,
                completions,
                clock);
        context.getRegistry().bind("sharedFetches", owner);
        HostHandovers handovers = new HostHandovers(fetch.scheduler(), settings.taskTimeout(), clock);
        context.getRegistry().bind("hostHandovers", handovers);
        context.getRegistry()
                .bind(
                        "fetchTasks",
                        new FetchTasks(
                                settings,
                                fetch.fetcher(),
                                fetch.scheduler(),
                                // a dead instance's request to the host may run until its deadline
                                Duration.ofMillis(fetch.settings().limits().timeoutMs()
                                        + fetch.settings().pacing().hostDelayMs()),
                                handovers,
                                progress,
                                clock));
        LOG.info(
                "fetching shared with the instances on the broker as {}: tasks to {} grouped by host, results from {},"
                        + " hosts' next turns on {}, {} fetch task(s) at a time, a task's result awaited {} ms",
                settings.instance(),
                settings.queue(),
                settings.results(),
                settings.hosts(),
                settings.consumers(),
                settings.taskTimeout().toMillis());
        return owner;
    }
}
