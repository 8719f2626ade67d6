package dev.caravan.fetch.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AddressClassifierTest {

    private final AddressClassifier rules = new AddressClassifier();

    private static InetAddress ip(String literal) {
        return FakeDnsResolver.address(null, literal);
    }

    private static AddressClassifier allowing(String... cidrs) {
        return new AddressClassifier(List.of(cidrs).stream().map(Cidr::parse).toList());
    }

    @Test
    void aPrivateAddressIsRefusedWithAShortHumanReason() {
        assertThat(rules.classify(ip("10.0.0.5")))
                .isEqualTo(Verdict.refuse("blocked: 10.0.0.5 is a private address (RFC 1918)"));
    }

    @Test
    void theCloudMetadataAddressIsNamedAsSuch() {
        assertThat(rules.classify(ip("169.254.169.254")).reason())
                .isEqualTo("blocked: 169.254.169.254 is a cloud metadata address (link-local)");
    }

    @Test
    void ipv6AddressesAreShownInCompressedForm() {
        assertThat(rules.classify(ip("0:0:0:0:0:0:0:1")).reason())
                .isEqualTo("blocked: ::1 is a loopback address (RFC 4291)");
        assertThat(rules.classify(ip("fe80:0:0:0:0:0:0:1")).reason()).startsWith("blocked: fe80::1 is a link-local");
    }

    @Test
    void aNullAddressIsRefused() {
        assertThat(rules.classify(null).refused()).isTrue();
    }

    @ParameterizedTest(name = "{0} is public")
    @ValueSource(
            strings = {
                "1.1.1.1",
                "8.8.8.8",
                "9.255.255.255",
                "11.0.0.0",
                "100.63.255.255",
                "100.128.0.0",
                "126.255.255.255",
                "128.0.0.0",
                "169.253.255.255",
                "169.255.0.0",
                "172.15.255.255",
                "172.32.0.0",
                "192.0.1.255",
                "192.0.3.0",
                "192.167.255.255",
                "192.169.0.0",
                "198.17.255.255",
                "198.20.0.0",
                "223.255.255.255",
                "2000::1",
                "2606:4700:4700::1111",
                "2a00:1450:4001:81c::200e",
                "3ffe::1",
                "64:ff9b::808:808",
                "2002:0808:0808::1",
                "2001:200::1",
                "2001:1::1",
                "2001:1::2",
                "2001:1::3",
                "2001:3::1",
                "2001:4:112::1",
                "2001:30::1"
            })
    void boundaryAddressesJustOutsideTheBlocksArePublic(String literal) {
        assertThat(rules.classify(ip(literal))).isEqualTo(Verdict.allow());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            0.255.255.255       | this network
            10.255.255.255      | RFC 1918
            100.64.0.0          | CGNAT
            127.0.0.0           | loopback
            169.254.0.0         | link-local
            169.254.255.255     | link-local
            172.16.0.0          | RFC 1918
            192.0.0.255         | IETF
            192.88.99.1         | 6to4 relay
            192.168.255.255     | RFC 1918
            198.18.0.0          | benchmarking
            224.0.0.0           | multicast
            239.255.255.255     | multicast
            240.0.0.0           | reserved
            255.255.255.254     | reserved
            255.255.255.255     | broadcast
            1fff:ffff::1        | outside global unicast
            4000::1             | outside global unicast
            100::1              | discard-only
            2001:2::1           | benchmarking
            2001:10::1          | ORCHID
            2001:20::1          | ORCHIDv2
            2001:1::4           | IETF protocol assignment
            2001:5::1           | IETF protocol assignment
            2001:4:113::1       | IETF protocol assignment
            2001:1ff:ffff::1    | IETF protocol assignment
            3fff::1             | documentation
            5f00::1             | outside global unicast
            fdff:ffff::1        | unique local
            febf:ffff::1        | link-local
            feff::1             | site-local
            ff0e::1             | multicast
            ::2                 | IPv4-compatible address embedding 0.0.0.2
            ::808:808           | deprecated IPv4-compatible
            ::a00:5             | embedding 10.0.0.5
            64:ff9b::10.0.0.5   | NAT64 address embedding 10.0.0.5, a private address (RFC 1918)
            64:ff9b::0.0.0.0    | NAT64 address embedding 0.0.0.0
            2002:a9fe:a9fe::    | 6to4 address embedding 169.254.169.254, a cloud metadata address
            2002:e000:1::       | multicast
            2001:0:a00:5::1     | Teredo
            """)
    void edgesOfEachBlockAreRefused(String literal, String keyword) {
        Verdict v = rules.classify(ip(literal));
        assertThat(v.refused()).isTrue();
        assertThat(v.reason()).startsWith("blocked: ").contains(keyword);
    }

    @Test
    void anIpv4MappedIpv6AddressIsJudgedByItsEmbeddedIpv4() {
        assertThat(rules.classify(FakeDnsResolver.mappedIpv6(null, 10, 1, 2, 3)).reason())
                .isEqualTo(
                        "blocked: ::ffff:a01:203 is an IPv4-mapped address embedding 10.1.2.3, a private address (RFC 1918)");
        assertThat(rules.classify(FakeDnsResolver.mappedIpv6(null, 8, 8, 4, 4)).allowed())
                .isTrue();
    }

    @Test
    void allowingOneLoopbackAddressAllowsExactlyThatAddress() {
        AddressClassifier c = allowing("127.0.0.1/32");

        assertThat(c.classify(ip("127.0.0.1")).allowed()).isTrue();
        assertThat(c.classify(ip("127.0.0.2")).reason()).contains("loopback");
        assertThat(c.classify(ip("::1")).reason()).contains("loopback");
        assertThat(c.classify(ip("10.0.0.1")).reason()).contains("RFC 1918");
    }

    @Test
    void allowingAnIpv4AddressAlsoAllowsItsIpv4MappedSpellingBecauseItIsTheSameDestination() {
        AddressClassifier c = allowing("127.0.0.1/32");

        assertThat(c.classify(ip("::ffff:127.0.0.1")).allowed()).isTrue(); // the JDK yields an Inet4Address
        assertThat(c.classify(FakeDnsResolver.mappedIpv6(null, 127, 0, 0, 1)).allowed())
                .isTrue();
        assertThat(c.classify(FakeDnsResolver.mappedIpv6(null, 127, 0, 0, 2)).refused())
                .isTrue();
    }

    @Test
    void allowingAnIpv4AddressDoesNotAllowOtherIpv6FormsThatEmbedIt() {
        AddressClassifier c = allowing("127.0.0.1");

        assertThat(c.classify(ip("::127.0.0.1")).reason()).contains("IPv4-compatible");
        assertThat(c.classify(ip("64:ff9b::127.0.0.1")).reason()).contains("NAT64");
        assertThat(c.classify(ip("2002:7f00:1::")).reason()).contains("6to4");
    }

    @Test
    void ipv6ExceptionsWorkByPrefix() {
        AddressClassifier c = allowing("fd00:1234::/32", "::1/128");

        assertThat(c.classify(ip("fd00:1234::99")).allowed()).isTrue();
        assertThat(c.classify(ip("::1")).allowed()).isTrue();
        assertThat(c.classify(ip("fd00:1235::1")).reason()).contains("unique local");
        assertThat(c.classify(ip("127.0.0.1")).reason()).contains("loopback");
    }

    @Test
    void anIntranetBlockCanBeAllowedWhileTheRestStaysRefused() {
        AddressClassifier c = allowing("10.20.0.0/16");

        assertThat(c.classify(ip("10.20.255.1")).allowed()).isTrue();
        assertThat(c.classify(ip("10.21.0.1")).refused()).isTrue();
        assertThat(c.classify(ip("169.254.169.254")).refused()).isTrue();
    }
}
