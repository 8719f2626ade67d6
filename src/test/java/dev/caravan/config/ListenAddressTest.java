package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.messaging.MessagingSettings;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** One WARN line at startup for each port that other machines can reach without logging in. */
class ListenAddressTest {

    @ParameterizedTest(name = "{0} -> loopback only: {1}")
    @CsvSource(textBlock = """
            127.0.0.1,           true
            127.1.2.3,           true
            localhost,           true
            ::1,                 true
            [::1],               true
            0:0:0:0:0:0:0:1,     true
            0.0.0.0,             false
            ::,                  false
            [::],                false
            192.168.1.20,        false
            10.0.0.1,            false
            127.0.0.1.nip.io,    false
            caravan-1.internal,  false
            """)
    void only_loopback_addresses_keep_other_machines_out(String host, boolean loopback) {
        assertThat(ListenAddress.loopbackOnly(host)).isEqualTo(loopback);
    }

    @ParameterizedTest(name = "broker on {0}, username ''{1}'' -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            127.0.0.1 |         | ''
            0.0.0.0   |         | the embedded JMS broker listens on 0.0.0.0:61616 without a login: anyone who can reach that port can submit jobs and read report events and dead-lettered jobs; set research.jms.username and research.jms.password (in the environment), or research.jms.host=127.0.0.1
            10.0.0.5  |         | the embedded JMS broker listens on 10.0.0.5:61616 without a login: anyone who can reach that port can submit jobs and read report events and dead-lettered jobs; set research.jms.username and research.jms.password (in the environment), or research.jms.host=127.0.0.1
            0.0.0.0   | caravan | ''
            """)
    void an_embedded_broker_open_to_other_machines_without_a_username_is_warned_about(
            String host, String username, String warning) {
        MessagingSettings settings = new MessagingSettings(
                true,
                new MessagingSettings.Queues("caravan.jobs", "caravan.reports", "caravan.jobs.dead"),
                new MessagingSettings.Connection("", username, "secret"),
                new MessagingSettings.Broker(host, 61616, Path.of("data"), List.of("CORE"), 5, 4_194_304),
                1);

        assertThat(MessagingConfiguration.brokerWarning(settings).orElse("")).isEqualTo(warning);
    }

    @ParameterizedTest(name = "metrics on {0}, authentication {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            127.0.0.1 | false | ''
            ::1       | false | ''
            0.0.0.0   | false | the monitoring endpoint listens on 0.0.0.0:9876 without a login: anyone who can reach that port can read Caravan's health and metrics (which name the sites it fetches); set research.metrics.host=127.0.0.1, or restrict the port with a firewall
            0.0.0.0   | true  | ''
            """)
    void a_monitoring_endpoint_open_to_other_machines_without_a_login_is_warned_about(
            String host, boolean authenticated, String warning) {
        assertThat(Monitoring.openWarning(host, 9876, authenticated).orElse("")).isEqualTo(warning);
    }
}
