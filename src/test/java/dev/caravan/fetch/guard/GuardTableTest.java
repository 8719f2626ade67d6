package dev.caravan.fetch.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.IDN;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The whole guard as a fetch would meet it: {@link UrlGuard} first, then {@link GuardedDnsResolver} over a fake DNS.
 * Nothing here resolves a real name or opens a socket.
 */
class GuardTableTest {

    private final FakeDnsResolver dns = new FakeDnsResolver()
            .with("example.com", "93.184.216.34")
            .with("www.example.org", "93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946")
            .with("my_site.example", "93.184.216.34")
            .with("rebind.example", "93.184.216.34", "10.0.0.5")
            .with("metadata.example", "169.254.169.254")
            .with("127.0.0.1.nip.io", "127.0.0.1")
            .with("v6private.example", "2606:4700::1111", "fd00::5")
            .withAddresses("mapped.example", FakeDnsResolver.mappedIpv6("mapped.example", 127, 0, 0, 1));

    private final GuardSettings settings = GuardSettings.defaults();
    private final UrlGuard urlGuard = new UrlGuard(settings);
    private final GuardedDnsResolver resolver = new GuardedDnsResolver(settings, dns);

    @DisplayName("a URL is allowed or refused with a reason naming the rule")
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            # public names and addresses
            http://example.com/                              | allowed
            https://EXAMPLE.com./path?q=1                    | allowed
            http://example.com:8080/                         | allowed
            http://www.example.org/                          | allowed
            http://my_site.example/                          | allowed
            http://example.com#@127.0.0.1                    | allowed
            http://93.184.216.34/                            | allowed
            http://172.32.0.1/                               | allowed
            http://100.128.0.1/                              | allowed
            http://1.2.3/                                    | allowed
            http://[2606:4700::1111]/                        | allowed
            http://[::ffff:8.8.8.8]/                         | allowed
            http://[64:ff9b::808:808]/                       | allowed
            http://[2002:808:808::1]/                        | allowed
            # scheme and userinfo
            ftp://example.com/                               | scheme 'ftp'
            file:///etc/passwd                               | scheme 'file'
            gopher://example.com:70/                         | scheme 'gopher'
            javascript:alert(1)                              | scheme 'javascript'
            HTTP://example.com/                              | allowed
            http://user:pass@example.com/                    | userinfo
            http://user@example.com/                         | userinfo
            http://example.com@127.0.0.1/                    | userinfo
            http:///path                                     | no host
            /relative/path                                   | not an absolute URL
            http://[::1                                      | malformed URL
            http://%31%32%37.0.0.1/                          | malformed host
            # IPv4 special-purpose blocks
            http://127.0.0.1/                                | loopback
            http://127.255.255.254/                          | loopback
            http://10.0.0.5/                                 | private address (RFC 1918)
            http://172.16.0.1/                               | RFC 1918
            http://172.31.255.255/                           | RFC 1918
            http://192.168.1.1/                              | RFC 1918
            http://100.64.0.1/                               | CGNAT
            http://100.127.255.255/                          | CGNAT
            http://169.254.169.254/latest/meta-data/         | cloud metadata
            http://169.254.1.1/                              | link-local
            http://0.0.0.0/                                  | unspecified
            http://0/                                        | unspecified
            http://224.0.0.1/                                | multicast
            http://239.255.255.250/                          | multicast
            http://255.255.255.255/                          | broadcast
            http://240.0.0.1/                                | reserved
            http://192.0.0.8/                                | IETF protocol assignment
            http://192.0.2.1/                                | documentation
            http://198.51.100.7/                             | documentation
            http://203.0.113.9/                              | documentation
            http://198.18.0.1/                               | benchmarking
            http://198.19.255.255/                           | benchmarking
            # numeric host tricks (inet_aton)
            http://2130706433/                               | loopback
            http://0177.0.0.1/                               | loopback
            http://0x7f.0.0.1/                               | loopback
            http://0x7f000001/                               | loopback
            http://0x7f.1/                                   | loopback
            http://127.1/                                    | loopback
            http://127.0.1/                                  | loopback
            http://017700000001/                             | loopback
            http://127.0.0.1./                               | loopback
            http://0xA9.0xFE.0xA9.0xFE/                      | cloud metadata
            http://3232235777/                               | RFC 1918
            http://4294967295/                               | broadcast
            http://4294967296/                               | malformed numeric host
            http://256.0.0.1/                                | malformed numeric host
            http://1.2.3.4.5/                                | malformed numeric host
            http://08.0.0.1/                                 | malformed numeric host
            # IPv6
            http://[::]/                                     | unspecified
            http://[::1]/                                    | loopback
            http://[fc00::1]/                                | unique local
            http://[fd12:3456::1]/                           | unique local
            http://[fe80::1]/                                | link-local
            http://[fe80::1%25eth0]/                         | malformed IPv6 literal
            http://[fec0::1]/                                | site-local
            http://[ff02::1]/                                | multicast
            http://[2001:db8::1]/                            | documentation
            http://[fd00:ec2::254]/                          | cloud metadata
            http://[4000::1]/                                | outside global unicast
            http://[::ffff:127.0.0.1]/                       | loopback
            http://[::ffff:7f00:1]/                          | loopback
            http://[::ffff:10.0.0.5]/                        | RFC 1918
            http://[::127.0.0.1]/                            | IPv4-compatible address embedding 127.0.0.1
            http://[::8.8.8.8]/                              | deprecated IPv4-compatible
            http://[64:ff9b::127.0.0.1]/                     | NAT64 address embedding 127.0.0.1
            http://[64:ff9b::a9fe:a9fe]/                     | cloud metadata
            http://[64:ff9b:1::a00:5]/                       | local-use NAT64
            http://[2002:7f00:1::]/                          | 6to4 address embedding 127.0.0.1
            http://[2002:c0a8:101::1]/                       | RFC 1918
            http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/   | Teredo
            http://[2001:5::1]/                              | IETF protocol assignment
            http://[2001:1ff::1]/                            | IETF protocol assignment
            http://[2001:3::1]/                              | allowed
            http://[2001:4:112::1]/                          | allowed
            http://[2001:1::1]/                              | allowed
            # ports
            http://example.com:65536/                        | invalid port 65536
            http://example.com:0/                            | invalid port 0
            http://my_site.example:99999/                    | invalid port 99999
            http://example.com:443/                          | allowed
            # names refused by name
            http://localhost/                                | localhost
            http://LOCALHOST./                               | localhost
            http://foo.localhost:8080/                       | localhost
            http://ｌｏｃａｌｈｏｓｔ/                         | localhost
            http://１２７.０.０.１/                           | loopback
            http://127。0。0。1/                            | loopback
            http://①⓪.0.0.5/                                | RFC 1918
            http://printer.local/                            | .local
            http://db.INTERNAL/                              | .internal
            http://metadata.google.internal/computeMetadata/ | .internal
            http://router.lan./                              | .lan
            http://nas.home.arpa/                            | .home.arpa
            # names that resolve to refused addresses
            http://rebind.example/                           | 10.0.0.5 is a private address (RFC 1918); resolved from 'rebind.example'
            http://metadata.example/                         | cloud metadata
            http://127.0.0.1.nip.io/                         | loopback
            http://v6private.example/                        | unique local
            http://mapped.example/                           | IPv4-mapped address embedding 127.0.0.1
            http://nxdomain.example/                         | unresolved
            """)
    void urlIsAllowedOrRefusedWithReason(String url, String expected) {
        Verdict verdict = judge(url);

        if (expected.equals("allowed")) {
            assertThat(verdict.allowed()).as(verdict.reason()).isTrue();
        } else {
            assertThat(verdict.refused()).as("expected refusal").isTrue();
            assertThat(verdict.reason()).containsIgnoringCase(expected);
            assertThat(verdict.reason()).startsWith(expected.equals("unresolved") ? "unresolved" : "blocked: ");
        }
        assertThat(dns.lookups)
                .as("IP literals never reach the underlying resolver")
                .noneMatch(name -> IpLiterals.parse(HostNames.normalize(name)) != null);
    }

    /** UrlGuard, then the resolver on the host, as the HTTP client would call it. */
    private Verdict judge(String url) {
        Verdict early = urlGuard.check(url);
        if (early.refused()) {
            return early;
        }
        String host = hostOf(URI.create(url));
        try {
            InetAddress[] addresses = resolver.resolve(host);
            assertThat(addresses).isNotEmpty();
            return Verdict.allow();
        } catch (BlockedAddressException e) {
            return Verdict.refuse(e.getMessage());
        } catch (UnknownHostException e) {
            return Verdict.refuse("unresolved: " + e.getMessage());
        }
    }

    private static String hostOf(URI uri) {
        if (uri.getHost() != null) {
            return uri.getHost();
        }
        return IDN.toASCII(uri.getRawAuthority().replaceFirst(":[0-9]*$", ""), IDN.ALLOW_UNASSIGNED);
    }
}
