package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caravan.fetch.FetchSettings;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PropertyReaderTest {

    private final Map<String, String> values = new HashMap<>();
    private final PropertyReader props = new PropertyReader(k -> Optional.ofNullable(values.get(k)));

    @Test
    void a_string_is_stripped() {
        values.put("k", "  value \n");

        assertThat(props.string("k")).isEqualTo("value");
    }

    @Test
    void a_missing_key_is_named() {
        assertThatThrownBy(() -> props.string("research.fetch.user-agent"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("missing configuration key research.fetch.user-agent");
    }

    @ParameterizedTest
    @CsvSource({"1000, 1000", "1_000_000, 1000000", "' 42 ', 42", "-5, -5"})
    void a_whole_number_may_use_underscores(String value, long expected) {
        values.put("n", value);

        assertThat(props.longValue("n")).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({"1.5", "ten", "''", "1e3"})
    void a_value_that_is_not_a_whole_number_is_named_with_its_key(String value) {
        values.put("research.fetch.timeout-ms", value);

        assertThatThrownBy(() -> props.longValue("research.fetch.timeout-ms"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("research.fetch.timeout-ms must be a whole number, got '" + value.strip() + "'");
    }

    @Test
    void an_int_out_of_range_is_refused() {
        values.put("research.fetch.max-redirects", "3000000000");

        assertThatThrownBy(() -> props.intValue("research.fetch.max-redirects"))
                .hasMessage("research.fetch.max-redirects is out of range: 3000000000");
    }

    @Test
    void fetch_settings_are_read_from_their_keys() {
        values.putAll(Map.of(
                "research.fetch.user-agent",
                "CaravanBot/1.0",
                "research.fetch.robots-agent",
                "CaravanBot",
                "research.fetch.host-delay-ms",
                "1000",
                "research.fetch.max-crawl-delay-ms",
                "30_000",
                "research.fetch.max-bytes",
                "5000000",
                "research.fetch.timeout-ms",
                "20000",
                "research.fetch.max-redirects",
                "5",
                "research.fetch.robots-max-bytes",
                "500000",
                "research.fetch.robots-ttl-ms",
                "3600000",
                "research.fetch.robots-error-ttl-ms",
                "60000"));
        values.putAll(Map.of(
                "research.fetch.pool-size",
                "8",
                "research.fetch.slow-host-delay-factor",
                "0.25",
                "research.fetch.max-slow-host-delay-ms",
                "10000",
                "research.fetch.connect-timeout-ms",
                "5000",
                "research.fetch.pdf-max-pages",
                "50",
                "research.fetch.pdf-max-ms",
                "10000",
                "research.fetch.delay-after-robots-ms",
                "250"));

        assertThat(FetchStage.settings(props))
                .isEqualTo(new FetchSettings(
                        new FetchSettings.Identity("CaravanBot/1.0", "CaravanBot"),
                        new FetchSettings.Pacing(1000, 8, 0.25, 10000),
                        new FetchSettings.Limits(5000000, 20000, 5000, 5, 50, 10000),
                        new FetchSettings.Robots(500000, 3600000, 60000, 30000, 250)));
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"true, true", "TRUE, true", "false, false", "False, false"})
    void booleans_are_true_or_false(String text, boolean expected) {
        PropertyReader reader = new PropertyReader(k -> java.util.Optional.of(text));

        org.assertj.core.api.Assertions.assertThat(reader.booleanValue("research.guard.enabled"))
                .isEqualTo(expected);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"yes", "on", "1", ""})
    void anything_else_stops_startup_with_the_key_named(String text) {
        PropertyReader reader = new PropertyReader(k -> java.util.Optional.of(text));

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> reader.booleanValue("research.guard.enabled"))
                .hasMessage("research.guard.enabled must be true or false, got '" + text + "'");
    }
}
