package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every key the routes read is checked at startup; a bad value is one line naming the key, the value and the rule. */
class RuntimeSettingsTest {

    private final Map<String, String> values = new HashMap<>(Map.ofEntries(
            Map.entry("research.search.max-retries", "3"),
            Map.entry("research.search.retry-delay-ms", "1000"),
            Map.entry("research.search.breaker-min-calls", "4"),
            Map.entry("research.search.breaker-open-seconds", "60"),
            Map.entry("research.input.poll-delay-ms", "1000"),
            Map.entry("research.input.settle-ms", "1000"),
            Map.entry("research.input.processed-dir", "processed"),
            Map.entry("research.input.failed-dir", "failed"),
            Map.entry("research.metrics.enabled", "false"),
            Map.entry("research.metrics.host", "127.0.0.1"),
            Map.entry("research.metrics.port", "9876"),
            Map.entry("research.exit-when-idle-seconds", "0")));

    private RuntimeSettings read() {
        return RuntimeSettings.read(new PropertyReader(k -> Optional.ofNullable(values.get(k))));
    }

    @Test
    void the_shipped_values_are_read_as_typed_settings() {
        RuntimeSettings s = read();

        assertThat(s.searchMaxRetries()).isEqualTo(3);
        assertThat(s.settleMs()).isEqualTo(1000);
        assertThat(s.processedDir()).isEqualTo(Path.of("processed"));
        assertThat(s.metricsPort()).isEqualTo(9876);
        assertThat(s.runOnce()).isFalse();
    }

    @ParameterizedTest(name = "{0} = ''{1}'' stops startup: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            research.search.max-retries          | abc        | give a whole number from 0 to 10 (retries)
            research.search.max-retries          | -1         | give a whole number from 0 to 10 (retries)
            research.search.retry-delay-ms       | 1.5        | give a whole number from 0 to 600000 (milliseconds)
            research.search.breaker-min-calls    | 0          | give a whole number from 1 to 1000 (calls)
            research.search.breaker-open-seconds | 1m         | give a whole number from 1 to 86400 (seconds)
            research.tavily.max-retries          | abc        | give a whole number from 0 to 10 (retries)
            research.input.poll-delay-ms         | 0          | give a whole number from 10 to 3600000 (milliseconds)
            research.input.settle-ms             | -5         | give a whole number from 0 to 3600000 (milliseconds)
            research.input.processed-dir         | ../done    | give a folder name inside research.input.dir
            research.input.processed-dir         | /tmp/done  | give a folder name inside research.input.dir
            research.input.processed-dir         | ''         | give a folder name inside research.input.dir
            research.input.failed-dir            | processed  | it must differ from research.input.processed-dir
            research.metrics.enabled             | yes        | give true or false
            research.metrics.host                | 'a host'   | give an address or host name to listen on
            research.metrics.port                | 65536      | give a whole number from 1 to 65535 (a TCP port)
            research.metrics.port                | http       | give a whole number from 1 to 65535 (a TCP port)
            research.exit-when-idle-seconds      | -1         | give a whole number from 0 to 2592000 (seconds)
            """)
    void a_bad_value_is_named_with_its_key_its_value_and_what_is_allowed(String key, String value, String allowed) {
        values.put(key, value);

        assertThatThrownBy(this::read)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(key + " = '" + value + "' is not allowed: ")
                .hasMessageContaining(allowed)
                .message()
                .doesNotContain("\n");
    }

    @Test
    void before_camel_a_system_property_wins_over_the_environment_which_wins_over_the_file() {
        Properties system = new Properties();
        system.setProperty("research.input.settle-ms", "1");
        Properties file = new Properties();
        file.setProperty("research.input.settle-ms", "3");
        file.setProperty("research.input.poll-delay-ms", "30");
        file.setProperty("research.metrics.port", "{{other.port}}");

        var source = SettingsSource.of(
                system, Map.of("RESEARCH_INPUT_SETTLE_MS", "2", "RESEARCH_INPUT_POLL_DELAY_MS", "20"), file);

        assertThat(source.apply("research.input.settle-ms")).contains("1");
        assertThat(source.apply("research.input.poll-delay-ms")).contains("20");
        assertThat(source.apply("research.metrics.port"))
                .as("a placeholder is left to Camel")
                .isEmpty();
    }
}
