package dev.caravan.fetch.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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
    @ValueSource(
            strings = {
                "",
                "   ",
                "http://",
                "http://[",
                "http://:80/",
                "http://a b/",
                "http://example.com:99999999999/",
                "http://.../",
                "http://-/",
                "http://exa%00mple.com/",
                "http://[v1.fe]/",
                "http://[::1]x/",
                "//example.com/",
                "mailto:someone@example.com",
                "http:example.com",
                "http://xn--/",
                "http://a..b/"
            })
    void oddInputsGiveARefusalValueNeverAnException(String url) {
        Verdict v = guard.check(url);

        assertThat(v.refused()).isTrue();
        assertThat(v.reason()).startsWith("blocked: ");
    }

    @Test
    void aHostNameOfThousandsOfLabelsIsRefusedByItsLengthNotByAStackOverflow() {
        String host = "a.".repeat(1550) + "example.com";

        Verdict v = guard.check("http://" + host + "/");

        assertThat(v.refused()).isTrue();
        assertThat(v.reason()).contains("3111 characters is longer than 253");
    }

    @Test
    void aHostNameOfExactly253CharactersIsStillJudgedAsAName() {
        String host = "a".repeat(63) + "." + "b".repeat(63) + "." + "c".repeat(63) + "." + "d".repeat(57) + ".com";

        assertThat(host).hasSize(253);
        assertThat(guard.check("http://" + host + "/").allowed()).isTrue();
    }

    @ParameterizedTest(name = "with allowed ports 80,443: {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            http://example.com/          | allowed
            https://example.com/         | allowed
            http://example.com:443/      | allowed
            https://example.com:8443/    | port 8443 is not in the allowed ports [80, 443]
            http://example.com:65536/    | invalid port 65536
            """)
    void allowedPortsRestrictTheTcpPortAndTheSchemeDefaultCounts(String url, String expected) {
        UrlGuard g = new UrlGuard(GuardSettings.defaults().withAllowedPorts(List.of(80, 443)));

        Verdict v = g.check(url);

        if (expected.equals("allowed")) assertThat(v.allowed()).as(v.reason()).isTrue();
        else assertThat(v.reason()).startsWith("blocked: ").contains(expected);
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
        assertThat(Verdict.allow().reason()).isEmpty();
        assertThat(Verdict.refuse("blocked: x")).isEqualTo(new Verdict(false, "blocked: x"));
        assertThat(Verdict.refuse("blocked: x").refused()).isTrue();
    }
}
