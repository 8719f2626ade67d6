package dev.caravan.fetch.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet4Address;
import java.net.Inet6Address;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class IpLiteralsTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(textBlock = """
            127.0.0.1,      127.0.0.1
            2130706433,     127.0.0.1
            0177.0.0.1,     127.0.0.1
            0x7f.0.0.1,     127.0.0.1
            0X7F.0X0.0.1,   127.0.0.1
            0x7f000001,     127.0.0.1
            017700000001,   127.0.0.1
            127.1,          127.0.0.1
            127.0.1,        127.0.0.1
            0x7f.1,         127.0.0.1
            127.0.0.1.,     127.0.0.1
            0,              0.0.0.0
            0x,             0.0.0.0
            1.2.3.0x,       1.2.3.0
            10.0x10203,     10.1.2.3
            192.168.257,    192.168.1.1
            4294967295,     255.255.255.255
            00000000010.1,  8.0.0.1
            """)
    void ipv4NumericFormsAreParsedWithInetAtonSemantics(String host, String expected) {
        assertThat(IpLiterals.parse(host)).isInstanceOf(Inet4Address.class);
        assertThat(IpLiterals.parse(host).getHostAddress()).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "256.0.0.1",
                "1.2.3.4.5",
                "4294967296",
                "0x100000000",
                "08.0.0.1",
                "1.2.0xg.4",
                "1..2",
                "1.2.256.0x1",
                "127.0.0.1..",
                "foo.123",
                "example.0x1",
                "99999999999999999999"
            })
    void malformedNumericHostsAreRejectedRatherThanLookedUp(String host) {
        assertThatThrownBy(() -> IpLiterals.parse(host))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("malformed numeric host");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {"example.com", "localhost", "1e100.net", "123.example", "0x7f.example", "a.b.c.d", "xn--e1afmkfd"
            })
    void namesAreNotLiterals(String host) {
        assertThat(IpLiterals.parse(host)).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"::1", "[::1]", "fe80::1", "2001:db8::", "64:ff9b::127.0.0.1", "[2606:4700::1111]"})
    void ipv6LiteralsAreParsedWithOrWithoutBrackets(String host) {
        assertThat(IpLiterals.parse(host)).isInstanceOf(Inet6Address.class);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "fe80::1%eth0",
                "fe80::1%25eth0",
                "[::1",
                "[]",
                "::g",
                "1:2:3:4:5:6:7:8:9",
                "[example.com]",
                "[127.0.0.1]"
            })
    void malformedIpv6LiteralsAndZoneIdsAreRejectedWithoutDns(String host) {
        assertThatThrownBy(() -> IpLiterals.parse(host))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("malformed IPv6 literal");
    }
}
