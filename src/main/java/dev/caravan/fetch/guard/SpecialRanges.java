package dev.caravan.fetch.guard;

import java.util.List;

/**
 * The tables of non-public address blocks, most specific first, each with the phrase used in refusal reasons.
 * Blocks that embed an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64, 6to4) are handled by
 * {@link AddressClassifier} before these tables are consulted. Immutable and thread-safe.
 */
final class SpecialRanges {

    /** One block and how to describe an address inside it ("a private address (RFC 1918)"). */
    record Range(Cidr block, String description) {
        static Range of(String cidr, String description) {
            return new Range(Cidr.parse(cidr), description);
        }
    }

    static final List<Range> IPV4 = List.of(
            Range.of("169.254.169.254/32", "a cloud metadata address (link-local)"),
            Range.of("0.0.0.0/8", "an unspecified 'this network' address (RFC 1122)"),
            Range.of("10.0.0.0/8", "a private address (RFC 1918)"),
            Range.of("172.16.0.0/12", "a private address (RFC 1918)"),
            Range.of("192.168.0.0/16", "a private address (RFC 1918)"),
            Range.of("100.64.0.0/10", "a shared CGNAT address (RFC 6598)"),
            Range.of("127.0.0.0/8", "a loopback address (RFC 1122)"),
            Range.of("169.254.0.0/16", "a link-local address (RFC 3927)"),
            Range.of("192.0.0.0/24", "an IETF protocol assignment address (RFC 6890)"),
            Range.of("192.0.2.0/24", "a documentation address (RFC 5737)"),
            Range.of("198.51.100.0/24", "a documentation address (RFC 5737)"),
            Range.of("203.0.113.0/24", "a documentation address (RFC 5737)"),
            Range.of("192.88.99.0/24", "a deprecated 6to4 relay anycast address (RFC 7526)"),
            Range.of("198.18.0.0/15", "a benchmarking address (RFC 2544)"),
            Range.of("224.0.0.0/4", "a multicast address (RFC 5771)"),
            Range.of("255.255.255.255/32", "the limited broadcast address (RFC 919)"),
            Range.of("240.0.0.0/4", "a reserved address (RFC 1112)"));

    /** Checked after the embedded-IPv4 forms. The last entry is the catch-all for anything outside 2000::/3. */
    static final List<Range> IPV6 = List.of(
            Range.of("::/128", "the unspecified address (RFC 4291)"),
            Range.of("::1/128", "a loopback address (RFC 4291)"),
            Range.of("64:ff9b:1::/48", "a local-use NAT64 address (RFC 8215)"),
            Range.of("100::/64", "a discard-only address (RFC 6666)"),
            Range.of("2001::/32", "a Teredo tunnelling address (RFC 4380)"),
            Range.of("2001:2::/48", "a benchmarking address (RFC 5180)"),
            Range.of("2001:10::/28", "a deprecated ORCHID address (RFC 4843)"),
            Range.of("2001:20::/28", "an ORCHIDv2 identifier, not routable (RFC 7343)"),
            Range.of("2001:db8::/32", "a documentation address (RFC 3849)"),
            Range.of("2001::/23", "an IETF protocol assignment address, not globally reachable (RFC 2928)"),
            Range.of("3fff::/20", "a documentation address (RFC 9637)"),
            Range.of("fd00:ec2::254/128", "a cloud metadata address (unique local)"),
            Range.of("fc00::/7", "a unique local address (RFC 4193)"),
            Range.of("fe80::/10", "a link-local address (RFC 4291)"),
            Range.of("fec0::/10", "a deprecated site-local address (RFC 3879)"),
            Range.of("ff00::/8", "a multicast address (RFC 4291)"));

    /**
     * The blocks inside 2001::/23 that IANA's special-purpose registry lists as globally reachable: PCP, TURN and
     * DNS-SD SRP anycast, AMT, AS112-v6 and the drone DET prefix. ORCHIDv2 (2001:20::/28) is listed as reachable too,
     * but it holds identifiers, not hosts, so it stays refused above.
     */
    static final List<Cidr> IPV6_GLOBAL_EXCEPTIONS = List.of(
            Cidr.parse("2001:1::1/128"),
            Cidr.parse("2001:1::2/128"),
            Cidr.parse("2001:1::3/128"),
            Cidr.parse("2001:3::/32"),
            Cidr.parse("2001:4:112::/48"),
            Cidr.parse("2001:30::/28"));

    /** Global unicast space; any IPv6 address outside it that no rule above named is refused as reserved. */
    static final Cidr IPV6_GLOBAL_UNICAST = Cidr.parse("2000::/3");

    private SpecialRanges() {}
}
