package dev.caravan.fetch.guard;

import java.util.Collection;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A list of domains where each entry matches itself and all of its subdomains: {@code example.com} matches
 * {@code example.com} and {@code www.example.com} but not {@code badexample.com}. Case-insensitive; a trailing dot on
 * either side is ignored; a leading {@code *.} or {@code .} on an entry is accepted and means the same thing.
 *
 * <p>Immutable and thread-safe.
 */
public final class DomainList {

    private final List<String> domains;

    /**
     * @param entries domain names
     * @throws IllegalArgumentException if an entry is blank or is not a plain domain name (e.g. has a scheme or path)
     */
    public DomainList(Collection<String> entries) {
        this.domains =
                entries.stream().map(DomainList::normalizeEntry).distinct().toList();
    }

    /** True if there are no entries. */
    public boolean isEmpty() {
        return domains.isEmpty();
    }

    /** The entry that {@code host} falls under, or null if none does. */
    public @Nullable String match(String host) {
        String h = HostNames.normalize(host);
        for (String d : domains) {
            if (HostNames.isWithin(h, d)) {
                return d;
            }
        }
        return null;
    }

    /** True if {@code host} is one of the entries or a subdomain of one. */
    public boolean matches(String host) {
        return match(host) != null;
    }

    /** The normalised entries. */
    public List<String> domains() {
        return domains;
    }

    private static String normalizeEntry(String entry) {
        if (entry == null || entry.isBlank()) {
            throw new IllegalArgumentException("blank domain entry");
        }
        String d = HostNames.normalize(entry);
        if (d.startsWith("*.")) {
            d = d.substring(2);
        } else if (d.startsWith(".")) {
            d = d.substring(1);
        }
        if (d.isEmpty() || !d.matches("[a-z0-9_-]+(\\.[a-z0-9_-]+)*")) {
            throw new IllegalArgumentException(
                    "invalid domain entry '" + entry + "': expected a name like example.com");
        }
        return d;
    }

    @Override
    public String toString() {
        return domains.toString();
    }
}
