package dev.caravan.fetch.guard;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Parses host strings that are IP address literals, without ever asking a resolver.
 *
 * <p>IPv4 uses {@code inet_aton} semantics, as browsers and C resolvers do, so that tricks such as {@code 2130706433},
 * {@code 0177.0.0.1}, {@code 0x7f.0.0.1} and {@code 127.1} are recognised here instead of depending on the OS:
 * one to four dot-separated parts, each decimal, octal (leading {@code 0}) or hex ({@code 0x}); the last part fills the
 * remaining bytes. Following the WHATWG URL standard, a host whose last label is numeric is an IPv4 literal, and if it
 * does not parse (e.g. {@code 256.1.1.1}, {@code 1.2.3.4.5}) it is malformed rather than a name to look up.
 *
 * <p>IPv6 literals (optionally in brackets) are parsed by the JDK in bracketed form, which never falls back to DNS.
 * Zone identifiers ({@code fe80::1%eth0}) are rejected as malformed.
 *
 * <p>Stateless and thread-safe.
 */
public final class IpLiterals {

    private IpLiterals() {}

    /**
     * Parses {@code host} if it is an IP literal.
     *
     * @param host a host as found in a URL or passed to a resolver; brackets and one trailing dot are tolerated
     * @return the address, or {@code null} if the host is a name (not an IP literal)
     * @throws IllegalArgumentException if the host looks like an IP literal but is malformed
     */
    public static @Nullable InetAddress parse(String host) {
        if (host == null || host.isEmpty()) {
            return null;
        }
        String h = host;
        if (h.startsWith("[") || h.indexOf(':') >= 0) {
            return parseIpv6(h);
        }
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        if (!lastLabelIsNumeric(h)) {
            return null;
        }
        long value = parseInetAton(h);
        if (value < 0) {
            throw new IllegalArgumentException("malformed numeric host '" + host + "'");
        }
        byte[] b = {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
        return byAddress(b);
    }

    /** Parses a strict dotted-quad IPv4 ({@code a.b.c.d}, decimal only) or an IPv6 literal; used for configuration. */
    static InetAddress parseStrict(String text) {
        if (text.indexOf(':') >= 0 || text.startsWith("[")) {
            return parseIpv6(text);
        }
        if (!text.matches("(0|[1-9][0-9]{0,2})(\\.(0|[1-9][0-9]{0,2})){3}")) {
            throw new IllegalArgumentException("not an IP address: '" + text + "'");
        }
        String[] parts = text.split("\\.");
        byte[] b = new byte[4];
        for (int i = 0; i < 4; i++) {
            int v = Integer.parseInt(parts[i]);
            if (v > 255) {
                throw new IllegalArgumentException("not an IP address: '" + text + "'");
            }
            b[i] = (byte) v;
        }
        return byAddress(b);
    }

    private static boolean lastLabelIsNumeric(String h) {
        String last = h.substring(h.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        if (last.isEmpty()) {
            return h.matches("[0-9.]+");
        }
        if (last.matches("[0-9]+")) {
            return true;
        }
        return last.matches("0x[0-9a-f]*");
    }

    /** Returns the 32-bit value, or -1 if malformed. */
    private static long parseInetAton(String h) {
        String[] parts = h.split("\\.", -1);
        if (parts.length > 4) {
            return -1;
        }
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = parsePart(parts[i]);
            if (values[i] < 0) {
                return -1;
            }
        }
        long result = 0;
        for (int i = 0; i < parts.length - 1; i++) {
            if (values[i] > 255) {
                return -1;
            }
            result |= values[i] << (8 * (3 - i));
        }
        long last = values[parts.length - 1];
        int lastBits = 8 * (4 - (parts.length - 1));
        if (last >= (1L << lastBits)) {
            return -1;
        }
        return result | last;
    }

    /** One {@code inet_aton} part: decimal, octal with leading 0, or hex with 0x; -1 if malformed or too large. */
    private static long parsePart(String part) {
        String p = part.toLowerCase(Locale.ROOT);
        int radix = 10;
        if (p.startsWith("0x")) {
            radix = 16;
            p = p.substring(2);
            if (p.isEmpty()) {
                return 0; // "0x" alone is 0, as in browsers
            }
        } else if (p.length() > 1 && p.startsWith("0")) {
            radix = 8;
            p = p.substring(1);
        }
        if (p.isEmpty() || p.length() > 12) {
            return -1;
        }
        for (int i = 0; i < p.length(); i++) {
            if (Character.digit(p.charAt(i), radix) < 0) {
                return -1;
            }
        }
        long v = Long.parseLong(p, radix);
        return v > 0xFFFFFFFFL ? -1 : v;
    }

    private static InetAddress parseIpv6(String text) {
        String inner = text;
        if (inner.startsWith("[")) {
            if (!inner.endsWith("]") || inner.length() < 3) {
                throw new IllegalArgumentException("malformed IPv6 literal '" + text + "'");
            }
            inner = inner.substring(1, inner.length() - 1);
        }
        if (!inner.matches("[0-9A-Fa-f:.]+") || inner.indexOf(':') < 0) {
            throw new IllegalArgumentException("malformed IPv6 literal '" + text + "'");
        }
        try {
            // The bracketed form makes the JDK treat the text as an IPv6 literal only: it never queries DNS.
            return InetAddress.getByName("[" + inner + "]");
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("malformed IPv6 literal '" + text + "'", e);
        }
    }

    private static InetAddress byAddress(byte[] b) {
        try {
            return Inet4Address.getByAddress(b);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // only thrown for a bad length
        }
    }
}
