package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SharedFetchingSettingsTest {

    static PropertyReader props(Map<String, String> overrides) {
        Map<String, String> p = new HashMap<>(Map.of(
                "research.fetch.shared", "true",
                "research.jms.enabled", "true",
                "research.fetch.shared.instance", "alpha",
                "research.fetch.shared.queue", "caravan.fetch",
                "research.fetch.shared.results", "caravan.fetch.results",
                "research.fetch.shared.hosts", "caravan.fetch.hosts",
                "research.fetch.shared.task-timeout-ms", "600000",
                "research.fetch.shared.consumers", "16",
                "research.fetch.shared.max-result-bytes", "8388608"));
        p.putAll(overrides);
        return new PropertyReader(key -> Optional.ofNullable(p.get(key)));
    }

    @Test
    void off_by_default_reads_nothing_else() {
        assertThat(SharedFetching.read(props(Map.of("research.fetch.shared", "false", "research.jms.enabled", "false")))
                        .enabled())
                .isFalse();
    }

    @Test
    void an_empty_instance_name_is_made_from_the_name_host_and_process() {
        String name = SharedFetching.read(props(Map.of("research.fetch.shared.instance", "", "camel.main.name", "c")))
                .instance();
        assertThat(name).matches("c-[A-Za-z0-9._-]*-" + ProcessHandle.current().pid());
        assertThat(SharedFetching.defaultInstance("my app", "h/o st")).startsWith("myapp-host-");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "research.jms.enabled|false|research.jms.enabled = true",
                "research.fetch.shared.instance|a b|research.fetch.shared.instance",
                "research.fetch.shared.instance|it's|research.fetch.shared.instance",
                "research.fetch.shared.results|caravan.fetch|research.fetch.shared.results must differ",
                "research.fetch.shared.hosts|caravan.fetch.results|research.fetch.shared.hosts must differ",
                "research.fetch.shared.hosts|a b|research.fetch.shared.hosts",
                "research.fetch.shared.task-timeout-ms|10|research.fetch.shared.task-timeout-ms",
                "research.fetch.shared.consumers|0|research.fetch.shared.consumers",
                "research.fetch.shared.max-result-bytes|100|research.fetch.shared.max-result-bytes",
                "research.fetch.shared|yes|research.fetch.shared",
            })
    void a_bad_value_stops_startup_naming_its_key(String key, String value, String message) {
        assertThatThrownBy(() -> SharedFetching.read(props(Map.of(key, value))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }
}
