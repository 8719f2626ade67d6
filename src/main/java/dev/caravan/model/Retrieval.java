package dev.caravan.model;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Where a page was fetched from and when: what the raw response and the page converted from it share. The converter
 * passes it on whole; the outcome and content type it may change are kept beside it.
 *
 * @param url the URL asked for
 * @param finalUrl the URL after redirects
 * @param httpStatus the last HTTP status seen, or null when no response came
 * @param fetchedAt when the last response arrived; null for a fetch that failed
 */
public record Retrieval(
        String url,
        String finalUrl,
        @Nullable Integer httpStatus,
        @Nullable Instant fetchedAt) {

    /** A fetch that failed after {@code status} (null when no response came); the time is not kept. */
    public static Retrieval failed(String url, String finalUrl, @Nullable Integer status) {
        return new Retrieval(url, finalUrl, status, null);
    }
}
