package dev.caravan.fetch;

import java.util.Objects;

/**
 * Typed fetch configuration, validated once at startup.
 *
 * @param userAgent the User-Agent header, with a contact URL
 * @param robotsAgent the product token matched against robots.txt groups
 * @param hostDelayMs least time between two requests to one host
 * @param maxCrawlDelayMs the longest robots.txt Crawl-delay honoured; hosts asking more are skipped
 * @param maxBytes size cap per page, in decoded bytes
 * @param timeoutMs total deadline per page, redirects included
 * @param maxRedirects redirect hops followed per page
 * @param robotsMaxBytes size cap for robots.txt
 * @param robotsTtlMs how long a fetched robots.txt is trusted
 * @param robotsErrorTtlMs how long an unreachable robots.txt keeps its host closed before trying again
 */
public record FetchSettings(
        String userAgent,
        String robotsAgent,
        long hostDelayMs,
        long maxCrawlDelayMs,
        long maxBytes,
        long timeoutMs,
        int maxRedirects,
        long robotsMaxBytes,
        long robotsTtlMs,
        long robotsErrorTtlMs) {

    public FetchSettings {
        Objects.requireNonNull(userAgent, "userAgent");
        Objects.requireNonNull(robotsAgent, "robotsAgent");
        if (userAgent.isBlank()) throw new IllegalArgumentException("research.fetch.user-agent must not be empty");
        if (!robotsAgent.matches("[A-Za-z_-]+")) {
            throw new IllegalArgumentException(
                    "research.fetch.robots-agent must be a robots.txt product token (letters, '_' and '-'), got '"
                            + robotsAgent + "'");
        }
        positive("research.fetch.max-bytes", maxBytes);
        positive("research.fetch.timeout-ms", timeoutMs);
        positive("research.fetch.robots-max-bytes", robotsMaxBytes);
        notNegative("research.fetch.host-delay-ms", hostDelayMs);
        notNegative("research.fetch.max-crawl-delay-ms", maxCrawlDelayMs);
        notNegative("research.fetch.max-redirects", maxRedirects);
        notNegative("research.fetch.robots-ttl-ms", robotsTtlMs);
        notNegative("research.fetch.robots-error-ttl-ms", robotsErrorTtlMs);
    }

    private static void positive(String key, long value) {
        if (value <= 0) throw new IllegalArgumentException(key + " must be positive, got " + value);
    }

    private static void notNegative(String key, long value) {
        if (value < 0) throw new IllegalArgumentException(key + " must not be negative, got " + value);
    }
}
