package dev.caravan.fetch;

import crawlercommons.filters.basic.BasicURLNormalizer;
import java.util.Optional;

/**
 * Normalises URLs for de-duplication and cache keys with crawler-commons' {@link BasicURLNormalizer}: lower-case
 * scheme and host, no default port, no fragment, resolved dot segments, consistent percent-encoding. Thread-safe.
 */
public class UrlNormalizer {

    private final BasicURLNormalizer normalizer = BasicURLNormalizer.newBuilder().build();

    /** The normalised form, or empty when the text is not a usable URL. */
    public Optional<String> normalize(String url) {
        if (url == null || url.isBlank()) return Optional.empty();
        String normalized;
        try {
            normalized = normalizer.filter(url.strip());
        } catch (RuntimeException | StackOverflowError e) {
            return Optional.empty(); // one odd URL must not fail its query; it is then fetched (and refused) as written
        }
        if (normalized == null) return Optional.empty();
        int hash = normalized.indexOf('#');
        return Optional.of(hash >= 0 ? normalized.substring(0, hash) : normalized);
    }
}
