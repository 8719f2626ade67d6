package dev.caravan.fetch.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The model client's guard allows the configured base URL's host and port, and no other. */
class SingleHostGuardTest {

    @ParameterizedTest(name = "{0} with {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            http://localhost:11434/v1     | http://localhost:11434/v1/chat/completions   | true
            http://localhost:11434/v1     | http://LOCALHOST:11434/v1/chat/completions   | true
            http://localhost:11434/v1     | http://localhost:11435/v1/chat/completions   | false
            http://localhost:11434/v1     | https://localhost:11434/v1/chat/completions  | false
            http://localhost:11434/v1     | http://127.0.0.1:11434/v1/chat/completions   | false
            http://localhost:11434/v1     | http://user@localhost:11434/v1               | false
            http://localhost:11434/v1     | http://example.org/v1/chat/completions       | false
            https://api.openai.com/v1     | https://api.openai.com:443/v1/chat/completions | true
            https://api.openai.com/v1     | https://api.openai.com.evil.example/v1       | false
            http://10.0.0.7:8000/v1       | http://10.0.0.7:8000/v1/chat/completions     | true
            http://10.0.0.7:8000/v1       | http://10.0.0.8:8000/v1/chat/completions     | false
            http://[::1]:8080/v1          | http://[::1]:8080/v1/chat/completions        | true
            """)
    void a_url_is_allowed_only_on_the_base_urls_scheme_host_and_port(String base, String url, boolean allowed) {
        Verdict verdict = SingleHostGuard.of(base).check(url);

        assertThat(verdict.allowed()).as(verdict.reason()).isEqualTo(allowed);
        if (!allowed) assertThat(verdict.reason()).contains("only the model's server");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            ftp://localhost/v1          | http or https
            http://user:pw@localhost/v1 | user@
            /v1/chat/completions        | http or https
            """)
    void a_base_url_that_is_not_a_plain_http_url_is_refused_with_the_reason(String base, String reason) {
        assertThatThrownBy(() -> SingleHostGuard.of(base)).hasMessageContaining(reason);
    }

    @org.junit.jupiter.api.Test
    void the_resolver_answers_for_the_model_host_even_on_loopback_and_refuses_any_other_name() throws Exception {
        FakeDnsResolver dns =
                new FakeDnsResolver().with("ollama.lan", "192.168.1.20").with("example.org", "93.184.216.34");
        SingleHostGuard guard = SingleHostGuard.of("http://ollama.lan:11434/v1", dns);

        assertThat(guard.resolve("ollama.lan")).containsExactly(InetAddress.getByName("192.168.1.20"));
        assertThat(guard.resolve("ollama.lan", 11434)).hasSize(1);
        assertThatThrownBy(() -> guard.resolve("example.org"))
                .isInstanceOf(BlockedAddressException.class)
                .hasMessageContaining("only the model's server ollama.lan:11434");
        assertThatThrownBy(() -> guard.resolve("ollama.lan", 22)).isInstanceOf(BlockedAddressException.class);
        assertThat(dns.lookups).containsOnly("ollama.lan");
    }

    @org.junit.jupiter.api.Test
    void the_pages_guard_still_refuses_the_model_host() {
        assertThat(new UrlGuard(GuardSettings.defaults())
                        .check("http://localhost:11434/v1/chat/completions")
                        .refused())
                .isTrue();
        assertThat(SingleHostGuard.of("http://localhost:11434/v1")
                        .check("http://localhost:11434/v1/chat/completions")
                        .allowed())
                .isTrue();
    }
}
