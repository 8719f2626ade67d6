package dev.caravan.model;

import org.jspecify.annotations.Nullable;

/**
 * The raw result of fetching one URL, before its content is converted.
 *
 * @param retrieval where it came from and when, passed on to the converted page
 * @param outcome OK when {@code body} holds a 2xx response, else why not
 * @param reason one line for the report when not OK
 * @param contentType the Content-Type header, or null
 * @param body the decoded body (empty unless OK; empty for a {@code 304 Not Modified})
 * @param caching the response's caching headers (validators and freshness), {@link CacheHeaders#NONE} when failed
 */
public record FetchResponse(
        Retrieval retrieval,
        FetchOutcome outcome,
        @Nullable String reason,
        @Nullable String contentType,
        byte[] body,
        CacheHeaders caching) {

    public FetchResponse {
        caching = caching == null ? CacheHeaders.NONE : caching;
    }

    /** A response without caching headers. */
    public FetchResponse(
            Retrieval retrieval,
            FetchOutcome outcome,
            @Nullable String reason,
            @Nullable String contentType,
            byte[] body) {
        this(retrieval, outcome, reason, contentType, body, CacheHeaders.NONE);
    }

    public static FetchResponse failed(
            String url, String finalUrl, FetchOutcome outcome, @Nullable String reason, @Nullable Integer status) {
        return new FetchResponse(Retrieval.failed(url, finalUrl, status), outcome, reason, null, new byte[0]);
    }

    /**
     * True for a {@code 304 Not Modified} answer to a conditional request: the page has not changed since the copy
     * whose validators were sent, which is reused.
     */
    public boolean notModified() {
        return outcome == FetchOutcome.OK && Integer.valueOf(304).equals(retrieval.httpStatus());
    }

    public String url() {
        return retrieval.url();
    }

    public String finalUrl() {
        return retrieval.finalUrl();
    }

    /** Size of the decoded body in bytes. */
    public int bytes() {
        return body == null ? 0 : body.length;
    }

    public boolean ok() {
        return outcome == FetchOutcome.OK;
    }
}
