package dev.caravan.model;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The raw result of fetching one URL, before its content is converted.
 *
 * @param url the URL asked for
 * @param finalUrl the URL after redirects
 * @param outcome OK when {@code body} holds a 2xx response, else why not
 * @param reason one line for the report when not OK
 * @param httpStatus the last status seen, or null
 * @param contentType the Content-Type header, or null
 * @param body the decoded body (empty unless OK)
 * @param fetchedAt when the last response arrived
 */
public record FetchResponse(
        String url,
        String finalUrl,
        FetchOutcome outcome,
        @Nullable String reason,
        @Nullable Integer httpStatus,
        @Nullable String contentType,
        byte[] body,
        @Nullable Instant fetchedAt) {

    public static FetchResponse failed(
            String url, String finalUrl, FetchOutcome outcome, @Nullable String reason, @Nullable Integer status) {
        return new FetchResponse(url, finalUrl, outcome, reason, status, null, new byte[0], null);
    }

    /** Size of the decoded body in bytes. */
    public int bytes() {
        return body == null ? 0 : body.length;
    }

    public boolean ok() {
        return outcome == FetchOutcome.OK;
    }
}
