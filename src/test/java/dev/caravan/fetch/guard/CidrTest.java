package dev.caravan.fetch.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CidrTest {

    private static boolean contains(String cidr, String address) {
        return Cidr.parse(cidr).contains(FakeDnsResolver.address(null, address));
    }

    @Test
    void aBlockContainsItsAddressesAndNothingElse() {
        assertThat(contains("10.0.0.0/8", "10.255.255.255")).isTrue();
        assertThat(contains("10.0.0.0/8", "11.0.0.0")).isFalse();
        assertThat(contains("100.64.0.0/10", "100.127.0.1")).isTrue();
        assertThat(contains("100.64.0.0/10", "100.128.0.1")).isFalse();
        assertThat(contains("fc00::/7", "fdff::1")).isTrue();
        assertThat(contains("fc00::/7", "fe00::1")).isFalse();
    }

    @Test
    void aBareAddressIsASingleHost() {
        assertThat(Cidr.parse("127.0.0.1").prefixLength()).isEqualTo(32);
        assertThat(Cidr.parse("::1").prefixLength()).isEqualTo(128);
        assertThat(contains("127.0.0.1", "127.0.0.2")).isFalse();
    }

    @Test
    void familiesNeverMix() {
        assertThat(contains("0.0.0.0/0", "::1")).isFalse();
        assertThat(contains("::/0", "127.0.0.1")).isFalse();
    }

    @Test
    void hostBitsAfterThePrefixAreIgnoredAndShownNormalised() {
        assertThat(Cidr.parse("10.1.2.3/8")).isEqualTo(Cidr.parse("10.0.0.0/8"));
        assertThat(Cidr.parse("10.1.2.3/8")).hasToString("10.0.0.0/8");
        assertThat(Cidr.parse(" fd00:1::5/16 ").contains(FakeDnsResolver.address(null, "fd00:ffff::1")))
                .isTrue();
    }

    @Test
    void anIpv4MappedBlockIsTheMatchingIpv4Block() {
        assertThat(Cidr.parse("::ffff:10.0.0.0/104")).isEqualTo(Cidr.parse("10.0.0.0/8"));
        assertThat(Cidr.parse("::ffff:127.0.0.1")).isEqualTo(Cidr.parse("127.0.0.1/32"));
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @ValueSource(
            strings = {
                "",
                "  ",
                "10.0.0.0/33",
                "::/129",
                "10.0.0.0/-1",
                "10.0.0.0/",
                "10.0.0/8",
                "0x7f.0.0.1/32",
                "2130706433",
                "example.com/24",
                "256.0.0.0/8",
                "10.0.0.0/8/8",
                "fe80::1%eth0/64",
                "::ffff:10.0.0.0/8"
            })
    void invalidBlocksFailWithAReadableMessage(String text) {
        assertThatThrownBy(() -> Cidr.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageMatching("(empty CIDR|invalid CIDR '.*': .+)");
    }
}
