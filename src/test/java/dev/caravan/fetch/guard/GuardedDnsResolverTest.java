package dev.caravan.fetch.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;

class GuardedDnsResolverTest {

    private final FakeDnsResolver dns = new FakeDnsResolver()
            .with("example.com", "93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946")
            .with("rebind-last.example", "93.184.216.34", "93.184.216.35", "10.0.0.5")
            .with("rebind-first.example", "192.168.0.10", "93.184.216.34")
            .with("rebind-v6.example", "2606:4700::1111", "127.0.0.1")
            .with("empty.example")
            .withAddresses("null.example", (InetAddress[]) null)
            .withAddresses("hole.example", FakeDnsResolver.address("hole.example", "93.184.216.34"), null)
            // A lying "OS resolver" that would map numeric names to public addresses.
            .with("2130706433", "93.184.216.34")
            .with("127.1", "93.184.216.34")
            .withCanonical("example.com", "edge.example.net")
            .withCanonical("sneaky.example", "db.internal")
            .withCanonical("reverse.example", "10.0.0.5");

    private final GuardedDnsResolver resolver = new GuardedDnsResolver(GuardSettings.defaults(), dns);

    @Test
    void aPublicNameResolvesToExactlyTheAddressesTheUnderlyingResolverReturned() throws Exception {
        InetAddress[] first = dns.resolve("example.com");

        InetAddress[] result = resolver.resolve("example.com");

        assertThat(result).containsExactly(first);
        assertThat(result).isNotSameAs(first);
    }

    @Test
    void oneLastPrivateAddressAmongPublicOnesRefusesTheWholeName() {
        assertThatThrownBy(() -> resolver.resolve("rebind-last.example"))
                .isInstanceOf(BlockedAddressException.class)
                .hasMessage("blocked: 10.0.0.5 is a private address (RFC 1918); resolved from 'rebind-last.example'");
    }

    @Test
    void oneFirstPrivateAddressAmongPublicOnesRefusesTheWholeName() {
        assertThatThrownBy(() -> resolver.resolve("rebind-first.example"))
                .isInstanceOf(BlockedAddressException.class)
                .hasMessageContaining("192.168.0.10 is a private address");
    }

    @Test
    void aLoopbackIpv4AnswerNextToAPublicIpv6AnswerRefusesTheName() {
        assertThatThrownBy(() -> resolver.resolve("rebind-v6.example"))
                .isInstanceOf(BlockedAddressException.class)
                .hasMessageContaining("loopback");
    }

    @Test
    void theRefusalIsAnUnknownHostExceptionSoHttpClientNeverConnects() {
        assertThatThrownBy(() -> resolver.resolve("localhost"))
                .isInstanceOf(UnknownHostException.class)
                .isInstanceOf(BlockedAddressException.class)
                .hasMessage("blocked: 'localhost' is a local-only name (localhost)");
    }

    @Test
    void namesRefusedByNameAreNeverLookedUp() {
        for (String host :
                List.of("localhost", "LocalHost.", "printer.local", "db.internal", "nas.home.arpa", "x.lan")) {
            assertThatThrownBy(() -> resolver.resolve(host)).isInstanceOf(BlockedAddressException.class);
        }
        assertThat(dns.lookups).isEmpty();
    }

    @Test
    void numericHostsAreJudgedByOurOwnParserNotByTheUnderlyingResolver() {
        assertThatThrownBy(() -> resolver.resolve("2130706433")).hasMessageContaining("127.0.0.1 is a loopback");
        assertThatThrownBy(() -> resolver.resolve("127.1")).hasMessageContaining("loopback");
        assertThatThrownBy(() -> resolver.resolve("0x7f.0.0.1")).hasMessageContaining("loopback");
        assertThatThrownBy(() -> resolver.resolve("[::1]")).hasMessageContaining("loopback");
        assertThatThrownBy(() -> resolver.resolve("::ffff:169.254.169.254")).hasMessageContaining("cloud metadata");
        assertThatThrownBy(() -> resolver.resolve("999.1.1.1")).hasMessageContaining("malformed numeric host");
        assertThat(dns.lookups).isEmpty();
    }

    @Test
    void aPublicIpLiteralIsReturnedAsIsWithoutALookup() throws Exception {
        assertThat(resolver.resolve("93.184.216.34"))
                .extracting(InetAddress::getHostAddress)
                .containsExactly("93.184.216.34");
        assertThat(resolver.resolve("[2606:4700::1111]")).hasSize(1);
        assertThat(resolver.resolve("0x5db8d822"))
                .extracting(InetAddress::getHostAddress)
                .containsExactly("93.184.216.34");
        assertThat(dns.lookups).isEmpty();
    }

    @Test
    void allowingOneLoopbackAddressLetsOnlyThatAddressThrough() throws Exception {
        GuardedDnsResolver r =
                new GuardedDnsResolver(GuardSettings.defaults().withAllowedAddresses(List.of("127.0.0.1/32")), dns);

        assertThat(r.resolve("127.0.0.1"))
                .extracting(InetAddress::getHostAddress)
                .containsExactly("127.0.0.1");
        assertThat(r.resolve("2130706433"))
                .extracting(InetAddress::getHostAddress)
                .containsExactly("127.0.0.1");
        assertThat(r.resolve("::ffff:127.0.0.1"))
                .extracting(InetAddress::getHostAddress)
                .containsExactly("127.0.0.1");
        assertThatThrownBy(() -> r.resolve("127.0.0.2")).hasMessageContaining("127.0.0.2 is a loopback");
        assertThatThrownBy(() -> r.resolve("::1")).hasMessageContaining("::1 is a loopback");
        assertThatThrownBy(() -> r.resolve("64:ff9b::7f00:1")).hasMessageContaining("NAT64");
        assertThatThrownBy(() -> r.resolve("localhost")).hasMessageContaining("local-only name");
    }

    @Test
    void aNameWithNoAddressesIsUnknownButNotBlocked() {
        for (String host : List.of("empty.example", "null.example", "nxdomain.example")) {
            assertThatThrownBy(() -> resolver.resolve(host))
                    .isInstanceOf(UnknownHostException.class)
                    .isNotInstanceOf(BlockedAddressException.class);
        }
    }

    @Test
    void aNullEntryInTheAnswerIsRefused() {
        assertThatThrownBy(() -> resolver.resolve("hole.example"))
                .isInstanceOf(BlockedAddressException.class)
                .hasMessageContaining("no address");
    }

    @Test
    void resolvingWithAPortNeverYieldsAnUnresolvedAddress() throws Exception {
        List<InetSocketAddress> result = resolver.resolve("example.com", 443);

        assertThat(result).hasSize(2).allMatch(a -> !a.isUnresolved() && a.getPort() == 443);
        assertThatThrownBy(() -> resolver.resolve("rebind-last.example", 80))
                .isInstanceOf(BlockedAddressException.class);
        assertThatThrownBy(() -> resolver.resolve("empty.example", 80)).isInstanceOf(UnknownHostException.class);
    }

    @Test
    void theCanonicalNameOfAPublicHostComesFromTheUnderlyingResolver() throws Exception {
        assertThat(resolver.resolveCanonicalHostname("example.com")).isEqualTo("edge.example.net");
    }

    @Test
    void aCanonicalNameThatIsLocalOnlyOrAPrivateAddressIsRefused() {
        assertThatThrownBy(() -> resolver.resolveCanonicalHostname("sneaky.example"))
                .isInstanceOf(BlockedAddressException.class)
                .hasMessageContaining("'db.internal' is a local-only name");
        assertThatThrownBy(() -> resolver.resolveCanonicalHostname("reverse.example"))
                .hasMessageContaining("10.0.0.5 is a private address");
    }

    @Test
    void theCanonicalNameOfARefusedHostIsNeverLookedUp() throws Exception {
        assertThatThrownBy(() -> resolver.resolveCanonicalHostname("localhost"))
                .isInstanceOf(BlockedAddressException.class);
        assertThatThrownBy(() -> resolver.resolveCanonicalHostname("2130706433"))
                .hasMessageContaining("loopback");
        assertThat(resolver.resolveCanonicalHostname("0x5db8d822")).isEqualTo("93.184.216.34");
        assertThat(dns.lookups).isEmpty();
    }

    @Test
    void aDisabledGuardPassesEverythingToTheUnderlyingResolver() throws Exception {
        GuardSettings off = new GuardSettings(false, null, null, null);
        GuardedDnsResolver r = new GuardedDnsResolver(off, dns);

        assertThat(r.resolve("rebind-last.example")).hasSize(3);
        assertThat(r.resolve("2130706433"))
                .extracting(InetAddress::getHostAddress)
                .containsExactly("93.184.216.34");
        assertThat(r.resolveCanonicalHostname("sneaky.example")).isEqualTo("db.internal");
    }

    @Test
    void theSystemResolverVariantStillRefusesAndAnswersLiteralsWithoutAnyLookup() throws Exception {
        GuardedDnsResolver system = new GuardedDnsResolver(GuardSettings.defaults());

        assertThatThrownBy(() -> system.resolve("localhost")).isInstanceOf(BlockedAddressException.class);
        assertThatThrownBy(() -> system.resolve("0177.0.0.1")).hasMessageContaining("loopback");
        assertThat(system.resolve("93.184.216.34"))
                .extracting(InetAddress::getHostAddress)
                .containsExactly("93.184.216.34");
    }

    @Test
    void theResolverRequiresSettingsAndAnUnderlyingResolver() {
        assertThatThrownBy(() -> new GuardedDnsResolver(null, dns)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new GuardedDnsResolver(GuardSettings.defaults(), null))
                .isInstanceOf(NullPointerException.class);
    }
}
