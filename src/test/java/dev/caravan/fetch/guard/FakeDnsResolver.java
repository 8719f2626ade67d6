package dev.caravan.fetch.guard;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hc.client5.http.DnsResolver;

/**
 * A resolver backed by a map, for tests: never touches real DNS or the network. Addresses are built from their bytes
 * ({@link InetAddress#getByAddress(String, byte[])}), so no lookup happens. Records every name it was asked for.
 * Not thread-safe (tests only).
 */
final class FakeDnsResolver implements DnsResolver {

    private final Map<String, InetAddress[]> names = new HashMap<>();
    private final Map<String, String> canonical = new HashMap<>();
    final List<String> lookups = new ArrayList<>();

    /** Maps {@code name} to the given IP literals (strict dotted quad or IPv6). */
    FakeDnsResolver with(String name, String... addresses) {
        InetAddress[] out = new InetAddress[addresses.length];
        for (int i = 0; i < addresses.length; i++) {
            out[i] = address(name, addresses[i]);
        }
        names.put(name.toLowerCase(Locale.ROOT), out);
        return this;
    }

    /** Maps {@code name} to prepared addresses (e.g. an IPv4-mapped {@link Inet6Address}), or to null. */
    FakeDnsResolver withAddresses(String name, InetAddress... addresses) {
        names.put(name.toLowerCase(Locale.ROOT), addresses);
        return this;
    }

    /** Sets the canonical name returned for {@code name}. */
    FakeDnsResolver withCanonical(String name, String canonicalName) {
        canonical.put(name.toLowerCase(Locale.ROOT), canonicalName);
        return this;
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        lookups.add(host);
        String key = host.toLowerCase(Locale.ROOT);
        if (key.endsWith(".")) {
            key = key.substring(0, key.length() - 1);
        }
        if (!names.containsKey(key)) {
            throw new UnknownHostException(host + ": not in the fake DNS");
        }
        return names.get(key);
    }

    @Override
    public String resolveCanonicalHostname(String host) throws UnknownHostException {
        lookups.add(host);
        String c = canonical.get(host.toLowerCase(Locale.ROOT));
        if (c == null) {
            throw new UnknownHostException(host + ": not in the fake DNS");
        }
        return c;
    }

    /** Builds an address from a literal without any lookup. */
    static InetAddress address(String name, String literal) {
        try {
            return InetAddress.getByAddress(
                    name, IpLiterals.parseStrict(literal).getAddress());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** An {@link Inet6Address} holding {@code ::ffff:a.b.c.d} (the JDK would otherwise turn it into IPv4). */
    static InetAddress mappedIpv6(String name, int a, int b, int c, int d) {
        byte[] bytes = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xFF, (byte) 0xFF, (byte) a, (byte) b, (byte) c, (byte) d};
        try {
            return Inet6Address.getByAddress(name, bytes, -1);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
