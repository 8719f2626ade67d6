package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProxyCheckTest {

    @ParameterizedTest(name = "a proxy in {0} stops startup while the guard is on")
    @CsvSource({
        "camel.component.http.proxy-host, proxy.corp.example",
        "camel.component.https.proxy-auth-host, 10.0.0.8",
        "camel.main.global-options[http.proxyHost], proxy.corp.example",
        "http.proxyHost (camel.component.http.use-system-properties = true), 127.0.0.1"
    })
    void a_configured_proxy_stops_startup_with_a_message_naming_where_it_is_set(String where, String value) {
        ProxyCheck check =
                new ProxyCheck().source("camel.component.http.proxy-host", null).source(where, value);

        assertThatThrownBy(() -> check.refuseAny(true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(where + " = " + value)
                .hasMessageContaining("research.guard.enabled=true")
                .hasMessageContaining("only see the proxy's address");
    }

    @Test
    void without_a_proxy_startup_goes_on_and_with_the_guard_off_a_proxy_still_stops_it_as_it_would_be_ignored() {
        ProxyCheck none =
                new ProxyCheck().source("camel.component.http.proxy-host", "").source("http.proxyHost", null);
        ProxyCheck some = new ProxyCheck().source("camel.component.http.proxy-host", "proxy.corp.example");

        none.refuseAny(true);
        none.refuseAny(false);

        assertThat(none.configuredProxy()).isEmpty();
        assertThat(some.configuredProxy()).contains("camel.component.http.proxy-host = proxy.corp.example");
        assertThatThrownBy(() -> some.refuseAny(false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("camel.component.http.proxy-host = proxy.corp.example")
                .hasMessageContaining("would ignore it");
    }
}
