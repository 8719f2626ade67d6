package dev.caravan.fetch.guard;

import java.net.InetAddress;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Decides whether an IP address is public enough to fetch from.
 *
 * <p>Refused: every IANA special-purpose IPv4 block that is not globally reachable (loopback, RFC 1918, CGNAT,
 * link-local incl. cloud metadata, 0/8, multicast, broadcast, 240/4, documentation, benchmarking, 192.0.0/24, the
 * 6to4 relay anycast block) and for IPv6 the unspecified and loopback addresses, fc00::/7, fe80::/10, fec0::/10,
 * ff00::/8, 2001:db8::/32, 2001::/23 (IETF protocol assignments, except the blocks IANA lists as globally reachable:
 * 2001:1::1-3, 2001:3::/32, 2001:4:112::/48, 2001:30::/28), 3fff::/20, 100::/64, local-use NAT64 64:ff9b:1::/48, and anything outside global unicast
 * 2000::/3.
 *
 * <p>IPv6 forms that embed an IPv4 address are judged by the embedded address: IPv4-mapped ({@code ::ffff:a.b.c.d}),
 * NAT64 ({@code 64:ff9b::/96}) and 6to4 ({@code 2002::/16}) are refused when the embedded IPv4 is refused, and allowed
 * otherwise. IPv4-compatible ({@code ::a.b.c.d}) is deprecated and always refused. <b>Teredo</b> ({@code 2001::/32}) is
 * always refused: the client address is obfuscated, the tunnel is obsolete, and no web server we need lives there.
 *
 * <p>Exceptions ({@code allowed} blocks) are matched against the address itself, family-exact, before any rule: allowing
 * {@code 127.0.0.1/32} allows only 127.0.0.1 (and its IPv4-mapped spelling, which the JDK treats as the same
 * {@link java.net.Inet4Address}), not 127.0.0.2, not {@code ::1}, and not NAT64/6to4 addresses embedding 127.0.0.1.
 *
 * <p>Immutable and thread-safe.
 */
public final class AddressClassifier {

    private static final Cidr COMPATIBLE = Cidr.parse("::/96");
    private static final Cidr NAT64 = Cidr.parse("64:ff9b::/96");
    private static final Cidr SIX_TO_FOUR = Cidr.parse("2002::/16");

    private final List<Cidr> allowed;

    /** A classifier with no exceptions. */
    public AddressClassifier() {
        this(List.of());
    }

    /** @param allowed address blocks allowed despite the rules (for tests and intranets) */
    public AddressClassifier(List<Cidr> allowed) {
        this.allowed = List.copyOf(allowed);
    }

    /** Returns allowed, or refused with a reason such as {@code "blocked: 10.0.0.5 is a private address (RFC 1918)"}. */
    public Verdict classify(InetAddress address) {
        if (address == null) {
            return Verdict.refuse("blocked: no address");
        }
        byte[] b = address.getAddress();
        boolean mapped = isMapped(b);
        byte[] effective = mapped ? Arrays.copyOfRange(b, 12, 16) : b;
        for (Cidr block : allowed) {
            if (block.contains(effective)) {
                return Verdict.allow();
            }
        }
        String why;
        if (mapped) {
            why = embedded("an IPv4-mapped", effective);
        } else {
            why = b.length == 4 ? describeIpv4(b) : describeIpv6(b);
        }
        return why == null ? Verdict.allow() : Verdict.refuse("blocked: " + AddressText.format(b) + " is " + why);
    }

    /** Description of why an IPv4 address is refused, or null if it is public. */
    private static @Nullable String describeIpv4(byte[] b) {
        for (SpecialRanges.Range r : SpecialRanges.IPV4) {
            if (r.block().contains(b)) {
                return r.description();
            }
        }
        return null;
    }

    private static String describeIpv6(byte[] b) {
        byte[] last4 = Arrays.copyOfRange(b, 12, 16);
        if (COMPATIBLE.contains(b) && !isZeroOrOne(b)) {
            String inner = embedded("an IPv4-compatible", last4);
            return inner != null ? inner : "a deprecated IPv4-compatible address (RFC 4291)";
        }
        if (NAT64.contains(b)) {
            return embedded("a NAT64", last4);
        }
        if (SIX_TO_FOUR.contains(b)) {
            return embedded("a 6to4", Arrays.copyOfRange(b, 2, 6));
        }
        for (Cidr exception : SpecialRanges.IPV6_GLOBAL_EXCEPTIONS) {
            if (exception.contains(b)) {
                return null;
            }
        }
        for (SpecialRanges.Range r : SpecialRanges.IPV6) {
            if (r.block().contains(b)) {
                return r.description();
            }
        }
        if (!SpecialRanges.IPV6_GLOBAL_UNICAST.contains(b)) {
            return "a reserved address (outside global unicast 2000::/3)";
        }
        return null;
    }

    /** "a NAT64 address embedding 10.0.0.5, a private address (RFC 1918)", or null if the embedded IPv4 is public. */
    private static @Nullable String embedded(String form, byte[] ipv4) {
        String inner = describeIpv4(ipv4);
        return inner == null ? null : form + " address embedding " + AddressText.format(ipv4) + ", " + inner;
    }

    /** True for an IPv6 address of the form ::ffff:a.b.c.d (an IPv4-mapped {@code Inet6Address}). */
    private static boolean isMapped(byte[] b) {
        if (b.length != 16 || (b[10] & 0xFF) != 0xFF || (b[11] & 0xFF) != 0xFF) {
            return false;
        }
        for (int i = 0; i < 10; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean isZeroOrOne(byte[] b) {
        for (int i = 0; i < 15; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return b[15] == 0 || b[15] == 1;
    }
}
