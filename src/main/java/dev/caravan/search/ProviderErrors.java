package dev.caravan.search;

import dev.caravan.model.RetryAfter;
import java.time.Clock;

/** Small helpers every provider uses to turn an HTTP answer into a message a user can act on. */
final class ProviderErrors {

    private static final long MAX_RETRY_AFTER_MS = 120_000;

    private ProviderErrors() {}

    /** Retry-After in seconds or as an HTTP date, capped at two minutes; -1 when absent or unreadable. */
    static long retryAfterMs(String header, Clock clock) {
        return RetryAfter.parse(header, clock.instant())
                .map(d -> Math.min(MAX_RETRY_AFTER_MS, d.toMillis()))
                .orElse(-1L);
    }

    /** ": text" cut to 200 characters with the key removed, or empty when there is nothing to say. */
    static String detail(String text, String apiKey) {
        if (text == null || text.isBlank()) return "";
        String t = text.strip();
        if (apiKey != null && !apiKey.isEmpty()) t = t.replace(apiKey, "[key redacted]");
        if (t.length() > 200) t = t.substring(0, 200) + "…";
        return ": " + t;
    }
}
