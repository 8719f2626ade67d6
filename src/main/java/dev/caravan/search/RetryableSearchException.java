package dev.caravan.search;

/** A search that may succeed if tried again later (rate limit, server error); carries the provider's wait hint. */
public class RetryableSearchException extends SearchException {

    private final long retryAfterMs;

    /** @param retryAfterMs how long the provider asked us to wait, or -1 when it did not say */
    public RetryableSearchException(String message, long retryAfterMs) {
        super(message);
        this.retryAfterMs = retryAfterMs;
    }

    public long retryAfterMs() {
        return retryAfterMs;
    }
}
