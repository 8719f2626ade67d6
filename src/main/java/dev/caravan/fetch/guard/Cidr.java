package dev.caravan.fetch.guard;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.Arrays;

/**
 * An IPv4 or IPv6 address block in CIDR notation, e.g. {@code 10.0.0.0/8}, {@code 127.0.0.1/32}, {@code fc00::/7}.
 * A bare address means a single host ({@code /32} or {@code /128}).
 *
 * <p>Families never mix: an IPv4 block contains only {@link Inet4Address}es and an IPv6 block only IPv6 addresses.
 * The JDK turns IPv4-mapped literals such as {@code ::ffff:127.0.0.1} into {@link Inet4Address}, so a mapped block
 * such as {@code ::ffff:10.0.0.0/104} is the IPv4 block {@code 10.0.0.0/8}.
 * Parsing never consults DNS. Immutable and thread-safe.
 */
public final class Cidr {

    private final byte[] network;
    private final int prefixLength;

    private Cidr(byte[] network, int prefixLength) {
        this.network = network;
        this.prefixLength = prefixLength;
    }

    /**
     * Parses {@code address[/prefix]}. IPv4 must be a strict dotted quad; IPv6 any standard literal.
     * Host bits after the prefix are ignored ({@code 10.1.2.3/8} is {@code 10.0.0.0/8}).
     *
     * @throws IllegalArgumentException with a readable message if the text is not a valid block
     */
    public static Cidr parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty CIDR");
        }
        String t = text.strip();
        int slash = t.indexOf('/');
        String addressPart = slash < 0 ? t : t.substring(0, slash);
        InetAddress address;
        try {
            address = IpLiterals.parseStrict(addressPart);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid CIDR '" + text + "': " + e.getMessage(), e);
        }
        byte[] bytes = address.getAddress();
        // The JDK turns IPv4-mapped literals (::ffff:a.b.c.d) into IPv4, so their prefix is counted from bit 96.
        int offset = bytes.length == 4 && addressPart.indexOf(':') >= 0 ? 96 : 0;
        int max = bytes.length * 8 + offset;
        int prefix = max;
        if (slash >= 0) {
            String p = t.substring(slash + 1);
            if (!p.matches("[0-9]{1,3}") || Integer.parseInt(p) > max || Integer.parseInt(p) < offset) {
                throw new IllegalArgumentException(
                        "invalid CIDR '" + text + "': prefix length must be " + offset + ".." + max);
            }
            prefix = Integer.parseInt(p);
        }
        return new Cidr(mask(bytes, prefix - offset), prefix - offset);
    }

    /** Returns true if {@code address} is of the same family and inside this block. */
    public boolean contains(InetAddress address) {
        if (address == null) {
            return false;
        }
        return contains(address.getAddress());
    }

    /** Returns true if the raw address bytes (4 or 16) are of the same family and inside this block. */
    public boolean contains(byte[] address) {
        return address.length == network.length && Arrays.equals(mask(address, prefixLength), network);
    }

    /** The prefix length in bits. */
    public int prefixLength() {
        return prefixLength;
    }

    private static byte[] mask(byte[] bytes, int prefix) {
        byte[] out = bytes.clone();
        for (int i = 0; i < out.length; i++) {
            int bitsHere = Math.max(0, Math.min(8, prefix - i * 8));
            out[i] = (byte) (out[i] & (0xFF << (8 - bitsHere)));
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Cidr c && c.prefixLength == prefixLength && Arrays.equals(c.network, network);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(network) + prefixLength;
    }

    @Override
    public String toString() {
        try {
            return InetAddress.getByAddress(network).getHostAddress() + "/" + prefixLength;
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
