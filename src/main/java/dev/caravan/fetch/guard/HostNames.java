package dev.caravan.fetch.guard;

import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Host-name normalisation and the names refused outright because they only make sense on a local network:
 * {@code localhost}, {@code .local} (mDNS), {@code .internal}, {@code .lan}, {@code .home.arpa} and their subdomains.
 * Matching is case-insensitive and tolerates one trailing dot. Stateless and thread-safe.
 */
final class HostNames {

    static final List<String> LOCAL_SUFFIXES = List.of("localhost", "local", "internal", "lan", "home.arpa");

    private HostNames() {}

    /** Lower-cases, strips IPv6 brackets and one trailing dot. Returns "" for null. */
    static String normalize(@Nullable String host) {
        if (host == null) {
            return "";
        }
        String h = host.strip().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]") && h.length() >= 2) {
            h = h.substring(1, h.length() - 1);
        }
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        return h;
    }

    /** True if the normalised {@code host} equals {@code domain} or is a subdomain of it. */
    static boolean isWithin(String host, String domain) {
        return host.equals(domain) || host.endsWith("." + domain);
    }

    /** The local-only suffix {@code host} falls under, or null. {@code host} must be normalised. */
    static @Nullable String localSuffix(String host) {
        for (String suffix : LOCAL_SUFFIXES) {
            if (isWithin(host, suffix)) {
                return suffix;
            }
        }
        return null;
    }
}
