package dev.caravan.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

/**
 * Where a key's value comes from before Camel starts, in Camel's order: a JVM system property, then the environment
 * variable ({@code research.input.settle-ms} → {@code RESEARCH_INPUT_SETTLE_MS}), then the properties file. Used to
 * check the settings Camel binds on its own before Caravan's configuration runs. A value that holds a placeholder
 * cannot be judged here; it is left to the check inside Camel, as if it were not set.
 */
public final class SettingsSource {

    private SettingsSource() {}

    /** A source over the given system properties, environment and file values. */
    public static Function<String, Optional<String>> of(Properties system, Map<String, String> env, Properties file) {
        return key -> {
            String value = system.getProperty(key);
            if (value == null)
                value = env.get(key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_'));
            if (value == null) value = file.getProperty(key);
            return Optional.ofNullable(value).filter(v -> !v.contains("{{"));
        };
    }

    /** The source for this JVM: its system properties, its environment and {@code file} (missing file: no values). */
    public static Function<String, Optional<String>> beforeCamel(Path file) {
        Properties values = new Properties();
        if (Files.isRegularFile(file)) {
            try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                values.load(reader);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        Function<String, Optional<String>> source = of(System.getProperties(), System.getenv(), values);
        return key -> source.apply(key).or(() -> Optional.of(DEFAULTS.getOrDefault(key, "")));
    }

    /** Values that let the early check pass when a key is missing or a placeholder; the check in Camel still runs. */
    private static final Map<String, String> DEFAULTS = Map.ofEntries(
            Map.entry("research.search.max-retries", "0"),
            Map.entry("research.search.retry-delay-ms", "0"),
            Map.entry("research.search.breaker-min-calls", "1"),
            Map.entry("research.search.breaker-open-seconds", "1"),
            Map.entry("research.input.poll-delay-ms", "1000"),
            Map.entry("research.input.settle-ms", "0"),
            Map.entry("research.input.processed-dir", "processed"),
            Map.entry("research.input.failed-dir", "failed"),
            Map.entry("research.metrics.enabled", "false"),
            Map.entry("research.metrics.host", "127.0.0.1"),
            Map.entry("research.metrics.port", "9876"),
            Map.entry("research.exit-when-idle-seconds", "0"));
}
