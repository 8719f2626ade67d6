package dev.caravan.fetch;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FetchSettingsTest {

    private static FetchSettings with(String field, long value) {
        return new FetchSettings(
                new FetchSettings.Identity("UA/1.0", "CaravanBot"),
                new FetchSettings.Pacing(
                        field.equals("host-delay-ms") ? value : 1000,
                        field.equals("pool-size") ? (int) value : 8,
                        field.equals("slow-host-delay-factor") ? value : 0.25,
                        field.equals("max-slow-host-delay-ms") ? value : 10_000),
                new FetchSettings.Limits(
                        field.equals("max-bytes") ? value : 1000,
                        field.equals("timeout-ms") ? value : 1000,
                        field.equals("connect-timeout-ms") ? value : 1000,
                        field.equals("max-redirects") ? (int) value : 3,
                        field.equals("pdf-max-pages") ? (int) value : 50,
                        field.equals("pdf-max-ms") ? value : 10_000),
                new FetchSettings.Robots(
                        field.equals("robots-max-bytes") ? value : 1000,
                        field.equals("robots-ttl-ms") ? value : 1000,
                        field.equals("robots-error-ttl-ms") ? value : 1000,
                        field.equals("max-crawl-delay-ms") ? value : 5000,
                        field.equals("delay-after-robots-ms") ? value : 0));
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
            delay-after-robots-ms | -1 | research.fetch.delay-after-robots-ms must not be negative, got -1
            connect-timeout-ms  | 0  | research.fetch.connect-timeout-ms must be positive, got 0
            pdf-max-pages       | 0  | research.fetch.pdf-max-pages must be positive, got 0
            pdf-max-ms          | 0  | research.fetch.pdf-max-ms must be positive, got 0
            pool-size           | 0  | research.fetch.pool-size must be positive, got 0
            slow-host-delay-factor | -1 | research.fetch.slow-host-delay-factor must not be negative, got -1.0
            max-slow-host-delay-ms | -1 | research.fetch.max-slow-host-delay-ms must not be negative, got -1
            """)
    void a_setting_out_of_range_is_refused_naming_its_key(String field, long value, String message) {
        assertThatThrownBy(() -> with(field, value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @ParameterizedTest
    @CsvSource({"'Caravan Bot'", "Caravan/1.0", "''", "Bot2"})
    void a_robots_agent_must_be_a_product_token(String agent) {
        assertThatThrownBy(() -> new FetchSettings.Identity("UA", agent))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "research.fetch.robots-agent must be a robots.txt product token (letters, '_' and '-'), got '"
                                + agent + "'");
    }

    @Test
    void an_empty_user_agent_is_refused() {
        assertThatThrownBy(() -> new FetchSettings.Identity("  ", "CaravanBot"))
                .hasMessage("research.fetch.user-agent must not be empty");
    }
}
