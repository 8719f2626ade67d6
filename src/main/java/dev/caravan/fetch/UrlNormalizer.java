package dev.caravan.fetch;

import crawlercommons.filters.basic.BasicURLNormalizer;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Normalises URLs for de-duplication and cache keys with crawler-commons' {@link BasicURLNormalizer}: lower-case
 * scheme and host, no default port, no fragment, resolved dot segments, consistent percent-encoding, and without the
 * usual tracking parameters ({@link #TRACKING_PARAMETERS}, and any {@code utm_*}), so that links to one page that
 * differ only in campaign tags are one source. The page is still fetched at the URL as found. Thread-safe.
 */
public class UrlNormalizer {

    /** Click and campaign identifiers of ad, analytics and mailing tools; they never change a page's content. */
    public static final List<String> TRACKING_PARAMETERS = List.of(
            "utm_source",
            "utm_medium",
            "utm_campaign",
            "utm_term",
            "utm_content",
            "utm_id",
            "utm_name",
            "gclid",
            "gclsrc",
            "dclid",
            "gbraid",
            "wbraid",
            "fbclid",
            "msclkid",
            "yclid",
            "twclid",
            "ttclid",
            "li_fat_id",
            "igshid",
            "mc_cid",
            "mc_eid",
            "_hsenc",
            "_hsmi",
            "mkt_tok",
            "_ga",
            "_gl");

    private static final Set<String> TRACKING = Set.copyOf(TRACKING_PARAMETERS);

    private final BasicURLNormalizer normalizer = BasicURLNormalizer.newBuilder()
            .queryParamsToRemove(TRACKING_PARAMETERS)
            .build();

    /** The normalised form, or empty when the text is not a usable URL. */
    public Optional<String> normalize(String url) {
        if (url == null || url.isBlank()) return Optional.empty();
        String normalized;
        try {
            normalized = normalizer.filter(url.strip());
        } catch (RuntimeException | StackOverflowError e) {
            return Optional.empty(); // one odd URL must not fail its query; it is then fetched (and refused) as written
        }
        return Optional.ofNullable(normalized).map(UrlNormalizer::withoutTracking);
    }

    /** Drops the remaining {@code utm_*} parameters (any spelling of the prefix) that the fixed list does not name. */
    private static String withoutTracking(String url) {
        int q = url.indexOf('?');
        if (q < 0) return url;
        String kept = Stream.of(url.substring(q + 1).split("&"))
                .filter(p -> !p.isEmpty())
                .filter(p -> !isTracking(p.contains("=") ? p.substring(0, p.indexOf('=')) : p))
                .collect(Collectors.joining("&"));
        return kept.isEmpty() ? url.substring(0, q) : url.substring(0, q + 1) + kept;
    }

    private static boolean isTracking(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.startsWith("utm_") || TRACKING.contains(n);
    }
}
