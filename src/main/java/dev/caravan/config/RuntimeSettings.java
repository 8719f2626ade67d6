package dev.caravan.config;

import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The settings the routes read as placeholders (search retries and breakers, intake polling, monitoring, run-once
 * mode), read once and validated at startup so that a bad value stops Caravan with one line naming the key, the value
 * and what is allowed, before any route is built. Immutable.
 *
 * @param searchMaxRetries retries of a failing search ({@code research.search.max-retries}; every provider's)
 * @param searchRetryDelayMs first wait before a retry
 * @param breakerMinCalls calls before a provider's circuit breaker may open
 * @param breakerOpenSeconds how long an open breaker stays open
 * @param pollDelayMs how often the input folder is polled
 * @param settleMs how long a job file must stay unchanged before it is read
 * @param processedDir folder (inside the input folder) for jobs that ran
 * @param failedDir folder (inside the input folder) for jobs that could not be read or run
 * @param metricsEnabled whether the monitoring endpoint is served
 * @param metricsHost the monitoring endpoint's listen address
 * @param metricsPort the monitoring endpoint's port
 * @param metricsAuthenticated whether the monitoring endpoint asks for a login
 *     ({@code camel.management.authentication-enabled}, Camel's own key, false when not set)
 * @param exitWhenIdleSeconds 0 to run until stopped; N to exit once nothing ran for N seconds
 */
public record RuntimeSettings(
        int searchMaxRetries,
        long searchRetryDelayMs,
        int breakerMinCalls,
        long breakerOpenSeconds,
        long pollDelayMs,
        long settleMs,
        Path processedDir,
        Path failedDir,
        boolean metricsEnabled,
        String metricsHost,
        int metricsPort,
        boolean metricsAuthenticated,
        long exitWhenIdleSeconds) {

    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._:-]{1,253}");
    private static final long HOUR_MS = 3_600_000;

    /** Reads and validates every key; throws {@link IllegalArgumentException} with one line for the first bad value. */
    public static RuntimeSettings read(PropertyReader props) {
        String processed = folder(props, "research.input.processed-dir");
        String failed = folder(props, "research.input.failed-dir");
        if (processed.equals(failed)) {
            throw PropertyReader.notAllowed(
                    "research.input.failed-dir", failed, "it must differ from research.input.processed-dir");
        }
        String host = props.string("research.metrics.host");
        if (!HOST.matcher(host).matches()) {
            throw PropertyReader.notAllowed(
                    "research.metrics.host",
                    host,
                    "give an address or host name to listen on, such as 127.0.0.1 or 0.0.0.0");
        }
        return new RuntimeSettings(
                props.intIn("research.search.max-retries", 0, 10, "retries"),
                props.longIn("research.search.retry-delay-ms", 0, 10 * 60_000, "milliseconds"),
                props.intIn("research.search.breaker-min-calls", 1, 1000, "calls"),
                props.longIn("research.search.breaker-open-seconds", 1, 86_400, "seconds"),
                props.longIn("research.input.poll-delay-ms", 10, HOUR_MS, "milliseconds"),
                props.longIn("research.input.settle-ms", 0, HOUR_MS, "milliseconds"),
                Path.of(processed),
                Path.of(failed),
                props.flag("research.metrics.enabled"),
                host,
                props.intIn("research.metrics.port", 1, 65535, "a TCP port"),
                props.orEmpty("camel.management.authentication-enabled").equalsIgnoreCase("true"),
                props.longIn("research.exit-when-idle-seconds", 0, 30L * 86_400, "seconds"));
    }

    /** A folder name inside the input folder: not empty, not absolute, no {@code ..}, no wildcards. */
    private static String folder(PropertyReader props, String key) {
        String value = props.orEmpty(key);
        String allowed = "give a folder name inside research.input.dir, such as processed (no '..', not absolute)";
        if (value.isEmpty()
                || value.contains("..")
                || value.startsWith("/")
                || value.startsWith("\\")
                || value.matches("^[A-Za-z]:.*")
                || !value.matches("[A-Za-z0-9._/ -]+")) {
            throw PropertyReader.notAllowed(key, value, allowed);
        }
        return value;
    }

    /** True in run-once mode (cron, Kubernetes CronJob): Caravan exits once it has been idle. */
    public boolean runOnce() {
        return exitWhenIdleSeconds > 0;
    }
}
