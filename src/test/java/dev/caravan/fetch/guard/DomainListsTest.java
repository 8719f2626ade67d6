package dev.caravan.fetch.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DomainListsTest {

    private static UrlGuard guard(List<String> allowed, List<String> denied) {
        return new UrlGuard(new GuardSettings(true, allowed, denied, List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "https://example.com/",
                "https://www.example.com/a",
                "https://WWW.Example.COM./",
                "https://a.b.c.example.com/",
                "https://docs.python.org/3/"
            })
    void anAllowListAllowsItsDomainsAndTheirSubdomains(String url) {
        assertThat(guard(List.of("example.com", "python.org"), List.of())
                        .check(url)
                        .allowed())
                .isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "https://badexample.com/",
                "https://example.com.evil.net/",
                "https://example.org/",
                "https://com/",
                "https://xexample.com/"
            })
    void anAllowListRefusesEverythingElse(String url) {
        assertThat(guard(List.of("example.com"), List.of()).check(url).reason()).contains("not in the allowed domains");
    }

    @Test
    void anAllowListRefusesIpLiteralHostsBecauseTheyAreNotDomains() {
        Verdict v = guard(List.of("example.com"), List.of()).check("http://93.184.216.34/");
        assertThat(v.reason()).isEqualTo("blocked: IP address host 93.184.216.34 is not in the allowed domains");
    }

    @Test
    void aDenyListRefusesItsDomainsAndSubdomainsOnly() {
        UrlGuard g = guard(List.of(), List.of("evil.example"));

        assertThat(g.check("http://evil.example/").reason())
                .isEqualTo("blocked: 'evil.example' is in the denied domains (evil.example)");
        assertThat(g.check("http://www.EVIL.example./").reason()).contains("denied domains");
        assertThat(g.check("http://notevil.example/").allowed()).isTrue();
        assertThat(g.check("http://example.com/").allowed()).isTrue();
    }

    @Test
    void denyWinsOverAllow() {
        UrlGuard g = guard(List.of("example.com"), List.of("ads.example.com", "example.com"));
        UrlGuard narrower = guard(List.of("example.com"), List.of("ads.example.com"));

        assertThat(g.check("https://www.example.com/").reason()).contains("denied domains (example.com)");
        assertThat(narrower.check("https://ads.example.com/").reason()).contains("denied domains (ads.example.com)");
        assertThat(narrower.check("https://x.ads.example.com/").reason()).contains("denied domains");
        assertThat(narrower.check("https://www.example.com/").allowed()).isTrue();
    }

    @Test
    void entriesAreNormalised() {
        DomainList list = new DomainList(List.of("*.Example.COM.", ".python.org", "EXAMPLE.com"));

        assertThat(list.domains()).containsExactly("example.com", "python.org");
        assertThat(list.matches("www.example.com")).isTrue();
        assertThat(list.matches("python.org.")).isTrue();
        assertThat(list.match("docs.python.org")).isEqualTo("python.org");
        assertThat(list.matches("pythonorg")).isFalse();
        assertThat(new DomainList(List.of()).isEmpty()).isTrue();
    }

    @Test
    void localOnlyNamesStayRefusedByAGeneralAllowList() {
        assertThat(guard(List.of("example.com"), List.of())
                        .check("http://example.com.local/")
                        .reason())
                .contains(".local");
    }

    @Test
    void anExplicitLocalOnlyAllowEntryIsAnIntranetOptInButAddressesAreStillChecked() throws Exception {
        GuardSettings intranet = new GuardSettings(true, List.of("corp.internal"), List.of(), List.of("10.20.0.0/16"));
        FakeDnsResolver dns =
                new FakeDnsResolver().with("wiki.corp.internal", "10.20.1.2").with("db.corp.internal", "10.30.0.1");
        GuardedDnsResolver resolver = new GuardedDnsResolver(intranet, dns);

        assertThat(new UrlGuard(intranet).check("http://wiki.corp.internal/").allowed())
                .isTrue();
        assertThat(new UrlGuard(intranet).check("http://other.internal/").reason())
                .contains("local-only");
        assertThat(resolver.resolve("wiki.corp.internal"))
                .extracting(InetAddress::getHostAddress)
                .containsExactly("10.20.1.2");
        assertThatThrownBy(() -> resolver.resolve("db.corp.internal"))
                .hasMessageContaining("10.30.0.1 is a private address");
    }

    @Test
    void theResolverAppliesTheDomainListsBeforeLookingUp() {
        FakeDnsResolver dns = new FakeDnsResolver().with("ads.example.com", "93.184.216.34");
        GuardedDnsResolver resolver = new GuardedDnsResolver(
                new GuardSettings(true, List.of("example.com"), List.of("ads.example.com"), List.of()), dns);

        assertThatThrownBy(() -> resolver.resolve("ads.example.com")).hasMessageContaining("denied domains");
        assertThatThrownBy(() -> resolver.resolve("example.org")).hasMessageContaining("not in the allowed domains");
        assertThat(dns.lookups).isEmpty();
    }
}
