package dev.caravan.fetch.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GuardSettingsTest {

    @Test
    void theDefaultsAreEnabledWithNoListsAndNoExceptions() {
        GuardSettings s = GuardSettings.defaults();

        assertThat(s.enabled()).isTrue();
        assertThat(s.allowedDomains()).isEmpty();
        assertThat(s.deniedDomains()).isEmpty();
        assertThat(s.allowedAddresses()).isEmpty();
    }

    @Test
    void aBadCidrFailsFastWithAClearMessage() {
        assertThatThrownBy(() -> GuardSettings.defaults().withAllowedAddresses(List.of("127.0.0.1/32", "10.0.0.0/33")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("invalid allowedAddresses entry: invalid CIDR '10.0.0.0/33': prefix length must be 0..32");
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @ValueSource(strings = {"localhost", "10.0.0.0/8x", "::1/200", "", "0x7f.1", "10.0.0.0/8, 11.0.0.0/8"})
    void anythingButAnAddressOrCidrIsRejected(String entry) {
        assertThatThrownBy(() -> new GuardSettings(true, List.of(), List.of(), List.of(entry)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("invalid allowedAddresses entry: ");
    }

    @Test
    void validAddressesAndBlocksOfBothFamiliesAreAccepted() {
        GuardSettings s = GuardSettings.defaults()
                .withAllowedAddresses(List.of("127.0.0.1", "10.0.0.0/8", "::1/128", "fd00::/8"));

        assertThat(s.allowedAddressBlocks()).hasSize(4).contains(Cidr.parse("127.0.0.1/32"), Cidr.parse("fd00::/8"));
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @ValueSource(
            strings = {"http://example.com", "example.com/path", "", "exa mple.com", "user@example.com", "example..com"
            })
    void aBadDomainEntryFailsFastNamingTheList(String entry) {
        assertThatThrownBy(() -> GuardSettings.defaults().withDeniedDomains(List.of(entry)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("deniedDomains: ");
        assertThatThrownBy(() -> GuardSettings.defaults().withAllowedDomains(List.of(entry)))
                .hasMessageStartingWith("allowedDomains: ");
    }

    @Test
    void nullListsBecomeEmptyAndNullEntriesAreRejected() {
        GuardSettings s = new GuardSettings(true, null, null, null);

        assertThat(s.allowedDomains()).isEmpty();
        assertThatThrownBy(() -> new GuardSettings(true, Arrays.asList("a.com", null), List.of(), List.of()))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("allowedDomains");
    }

    @Test
    void listsAreCopiedAndImmutable() {
        List<String> source = new ArrayList<>(List.of("example.com"));
        GuardSettings s = GuardSettings.defaults().withAllowedDomains(source);
        source.add("evil.example");

        assertThat(s.allowedDomains()).containsExactly("example.com");
        assertThatThrownBy(() -> s.allowedDomains().add("x.com")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void withMethodsChangeOnlyTheirOwnField() {
        GuardSettings s = GuardSettings.defaults()
                .withAllowedDomains(List.of("a.com"))
                .withDeniedDomains(List.of("b.a.com"))
                .withAllowedAddresses(List.of("127.0.0.1"));

        assertThat(s).isEqualTo(new GuardSettings(true, List.of("a.com"), List.of("b.a.com"), List.of("127.0.0.1")));
    }
}
