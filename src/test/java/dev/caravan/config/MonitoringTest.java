package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MonitoringTest {

    @ParameterizedTest(name = "{0}:{1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            127.0.0.1 | 9876 | monitoring on 127.0.0.1 only: http://127.0.0.1:9876/observe/health and http://127.0.0.1:9876/observe/metrics
            0.0.0.0   | 8080 | monitoring on every network interface (0.0.0.0): http://0.0.0.0:8080/observe/health and http://0.0.0.0:8080/observe/metrics
            ::1       | 9876 | monitoring on ::1 only: http://[::1]:9876/observe/health and http://[::1]:9876/observe/metrics
            """)
    void the_line_names_the_address_the_endpoint_is_bound_to(String host, int port, String line) {
        assertThat(Monitoring.startedLine(host, port)).isEqualTo(line);
    }
}
