package dev.caravan.fetch.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UrlGuardTest {

    private final UrlGuard guard = new UrlGuard(GuardSettings.defaults());

    @Test
    void aPrivateIpLiteralUrlIsRefusedWithTheAddressReason() {
        assertThat(guard.check("http://10.0.0.5:8080/admin"))
                .isEqualTo(Verdict.refuse("blocked: 10.0.0.5 is a private address (RFC 1918)"));
    }

    @Test
    void aUriObjectIsCheckedTheSameWayAsItsText() {
        assertThat(guard.check(URI.create("https://example.com/"))).isEqualTo(Verdict.allow());
        assertThat(guard.check(URI.create("http://[::1]/")).reason()).contains("loopback");
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @ValueSource(strings = {"", "   ", "http://", "http://[", "http://:80/", "http://a b/", "http://example.com:99999999999/",
        "http://.../", "http://-/", "http://exa%00mple.com/", "http://[v1.fe]/", "http://[::1]x/", "//example.com/",
        "mailto:someone@example.com", "http:example.com", "http://xn--/", "http://a..b/"})
    void oddInputsGiveARefusalValueNeverAnException(String url) {
        Verdict v = guard.check(url);

        assertThat(v.refused()).isTrue();
        assertThat(v.reason()).startsWith("blocked: ");
    }

    @Test
    void aNullUrlIsRefused() {
        assertThat(guard.check((String) null).refused()).isTrue();
        assertThat(guard.check((URI) null).refused()).isTrue();
    }

    @Test
    void aDisabledGuardAllowsEverything() {
        UrlGuard off = new UrlGuard(new GuardSettings(false, List.of("example.com"), List.of(), List.of()));

        for (String url : List.of("ftp://example.com/", "http://localhost/", "http://10.0.0.5/", "http://[", "")) {
            assertThat(off.check(url).allowed()).as(url).isTrue();
        }
    }

    @Test
    void anAllowedAddressExceptionLetsALocalTestServerThroughByIpButNotByName() {
        UrlGuard g = new UrlGuard(GuardSettings.defaults().withAllowedAddresses(List.of("127.0.0.1/32")));

        assertThat(g.check("http://127.0.0.1:8080/page").allowed()).isTrue();
        assertThat(g.check("http://[::ffff:127.0.0.1]:8080/page").allowed()).isTrue();
        assertThat(g.check("http://127.0.0.2/").reason()).contains("loopback");
        assertThat(g.check("http://[::1]/").reason()).contains("loopback");
        assertThat(g.check("http://localhost:8080/").reason()).contains("local-only name");
    }

    @Test
    void verdictsAreSimpleValues() {
        assertThat(Verdict.allow().allowed()).isTrue();
        assertThat(Verdict.allow().reason()).isEqualTo("allowed");
        assertThat(Verdict.refuse("blocked: x")).isEqualTo(new Verdict(false, "blocked: x"));
        assertThat(Verdict.refuse("blocked: x").refused()).isTrue();
    }
}
