package dev.caravan.config;

import dev.caravan.progress.Progress;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.apache.camel.CamelContext;
import org.apache.camel.StartupListener;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds what Caravan tells about itself: the events log and the metrics ({@code progress}, bound for the routes), on
 * the Prometheus registry when monitoring is on ({@code research.metrics.*}), and the startup line saying where the
 * monitoring endpoint really listens. (Camel's own summary prints {@code http://0.0.0.0:port} whatever the bind
 * address; that logger is turned down in simplelogger.properties.)
 */
public final class Monitoring {

    private static final Logger LOG = LoggerFactory.getLogger("caravan");

    private Monitoring() {}

    /**
     * The events log ({@code research.events.file} in the output folder) and the metrics, bound as {@code progress}.
     * With monitoring off there is no meter registry at all, so no meter is kept in memory for nobody to read.
     */
    static Progress progress(
            CamelContext context, PropertyReader props, RuntimeSettings runtime, Path outputDir, Clock clock) {
        Progress progress =
                new Progress(outputDir.resolve(props.string("research.events.file")), meters(context, runtime), clock);
        context.getRegistry().bind("progress", progress);
        if (runtime.metricsEnabled()) {
            addStartupListener(context, new StartupListener() {
                @Override
                public void onCamelContextStarted(CamelContext ctx, boolean alreadyStarted) {}

                @Override
                public void onCamelContextFullyStarted(CamelContext ctx, boolean alreadyStarted) {
                    LOG.info(startedLine(runtime.metricsHost(), runtime.metricsPort()));
                    openWarning(runtime.metricsHost(), runtime.metricsPort(), runtime.metricsAuthenticated())
                            .ifPresent(LOG::warn);
                }
            });
        }
        return progress;
    }

    /** Camel's Prometheus registry (made and bound here when it has none yet), or null with monitoring off. */
    private static @Nullable PrometheusMeterRegistry meters(CamelContext context, RuntimeSettings runtime) {
        if (!runtime.metricsEnabled()) return null;
        PrometheusMeterRegistry meters =
                context.getRegistry().lookupByNameAndType("metricsRegistry", PrometheusMeterRegistry.class);
        if (meters == null) {
            meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            context.getRegistry().bind("metricsRegistry", meters);
        }
        return meters;
    }

    /** Runs {@code action} once Camel has fully started (its summary logged). */
    static void atFullStart(CamelContext context, Runnable action) {
        addStartupListener(context, new StartupListener() {
            @Override
            public void onCamelContextStarted(CamelContext ctx, boolean alreadyStarted) {}

            @Override
            public void onCamelContextFullyStarted(CamelContext ctx, boolean alreadyStarted) {
                action.run();
            }
        });
    }

    private static void addStartupListener(CamelContext context, StartupListener listener) {
        try {
            context.addStartupListener(listener);
        } catch (Exception e) {
            throw new IllegalStateException("cannot register the monitoring line: " + e.getMessage(), e);
        }
    }

    /**
     * The startup warning when the endpoint is reachable from other machines and asks for no login
     * ({@code camel.management.authentication-enabled}), else empty.
     */
    public static Optional<String> openWarning(String host, int port, boolean authenticated) {
        return ListenAddress.openWithoutLogin(
                "the monitoring endpoint",
                host,
                port,
                authenticated,
                "read Caravan's health and metrics (which name the sites it fetches)",
                "set research.metrics.host=127.0.0.1, or restrict the port with a firewall");
    }

    /** e.g. "monitoring on 127.0.0.1 only: http://127.0.0.1:9876/observe/health and .../observe/metrics". */
    public static String startedLine(String host, int port) {
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        String base = "http://" + h + ":" + port + "/observe";
        boolean everywhere = host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
        String where = everywhere ? "on every network interface (" + host + ")" : "on " + host + " only";
        return "monitoring " + where + ": " + base + "/health and " + base + "/metrics";
    }
}
