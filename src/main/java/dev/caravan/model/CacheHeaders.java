package dev.caravan.model;

import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The response headers HTTP caching needs (RFC 9111): the validators a later request sends back to ask whether the
 * page changed, and what the site says about how long the response stays fresh. Raw header values as the site sent
 * them; any of them may be missing (null).
 *
 * @param etag the {@code ETag} (an entity tag, sent back as {@code If-None-Match})
 * @param lastModified the {@code Last-Modified} date (sent back as {@code If-Modified-Since})
 * @param cacheControl the {@code Cache-Control} directives ({@code max-age}, {@code no-store}, {@code no-cache}, ...)
 * @param expires the {@code Expires} date
 * @param date the {@code Date} the response was generated
 * @param age the {@code Age} in seconds a cache in between already held it
 */
public record CacheHeaders(
        @Nullable String etag,
        @Nullable String lastModified,
        @Nullable String cacheControl,
        @Nullable String expires,
        @Nullable String date,
        @Nullable String age) {

    /** No caching headers at all. */
    public static final CacheHeaders NONE = new CacheHeaders(null, null, null, null, null, null);

    /** The header names, lower case, in the order of the fields. */
    public static final java.util.List<String> NAMES =
            java.util.List.of("etag", "last-modified", "cache-control", "expires", "date", "age");

    /** Reads the headers through {@code header} (a lower-case name in, the value or null out). */
    public static CacheHeaders of(UnaryOperator<String> header) {
        return new CacheHeaders(
                header.apply("etag"),
                header.apply("last-modified"),
                header.apply("cache-control"),
                header.apply("expires"),
                header.apply("date"),
                header.apply("age"));
    }

    /** True when the site gave a validator: the page can be revalidated with a conditional request. */
    public boolean hasValidator() {
        return etag != null || lastModified != null;
    }

    /**
     * These headers updated by a {@code 304 Not Modified}: the fields it sends replace the stored ones (RFC 9111
     * 4.3.4), the others stay.
     */
    public CacheHeaders updatedBy(CacheHeaders notModified) {
        return new CacheHeaders(
                or(notModified.etag, etag),
                or(notModified.lastModified, lastModified),
                or(notModified.cacheControl, cacheControl),
                or(notModified.expires, expires),
                or(notModified.date, date),
                notModified.age);
    }

    private static @Nullable String or(@Nullable String first, @Nullable String second) {
        return first != null ? first : second;
    }
}
