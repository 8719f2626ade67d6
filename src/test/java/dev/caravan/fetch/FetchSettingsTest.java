package dev.caravan.fetch;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FetchSettingsTest {

    private static FetchSettings with(String field, long value) {
        return new FetchSettings("UA/1.0", "CaravanBot",
                field.equals("host-delay-ms") ? value : 1000,
                field.equals("max-crawl-delay-ms") ? value : 5000,
                field.equals("max-bytes") ? value : 1000,
                field.equals("timeout-ms") ? value : 1000,
                field.equals("max-redirects") ? (int) value : 3,
                field.equals("robots-max-bytes") ? value : 1000,
                field.equals("robots-ttl-ms") ? value : 1000,
                field.equals("robots-error-ttl-ms") ? value : 1000);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            max-bytes           | 0  | research.fetch.max-bytes must be positive, got 0
            timeout-ms          | -1 | research.fetch.timeout-ms must be positive, got -1
            robots-max-bytes    | 0  | research.fetch.robots-max-bytes must be positive, got 0
            host-delay-ms       | -1 | research.fetch.host-delay-ms must not be negative, got -1
            max-crawl-delay-ms  | -1 | research.fetch.max-crawl-delay-ms must not be negative, got -1
            max-redirects       | -1 | research.fetch.max-redirects must not be negative, got -1
            robots-ttl-ms       | -1 | research.fetch.robots-ttl-ms must not be negative, got -1
            robots-error-ttl-ms | -2 | research.fetch.robots-error-ttl-ms must not be negative, got -2
            """)
    void a_setting_out_of_range_is_refused_naming_its_key(String field, long value, String message) {
        assertThatThrownBy(() -> with(field, value)).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @ParameterizedTest
    @CsvSource({"'Caravan Bot'", "Caravan/1.0", "''", "Bot2"})
    void a_robots_agent_must_be_a_product_token(String agent) {
        assertThatThrownBy(() -> new FetchSettings("UA", agent, 0, 0, 1, 1, 0, 1, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("research.fetch.robots-agent must be a robots.txt product token (letters, '_' and '-'), got '"
                        + agent + "'");
    }

    @Test
    void an_empty_user_agent_is_refused() {
        assertThatThrownBy(() -> new FetchSettings("  ", "CaravanBot", 0, 0, 1, 1, 0, 1, 0, 0))
                .hasMessage("research.fetch.user-agent must not be empty");
    }
}
