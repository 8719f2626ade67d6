package dev.caravan.fetch;

import java.util.Objects;

/**
 * Typed fetch configuration (the {@code research.fetch.*} keys), validated once at startup. Each check names the key
 * that is wrong.
 *
 * @param identity how Caravan names itself to servers and to robots.txt
 * @param pacing how requests are spread over hosts and threads
 * @param limits what one page may cost
 * @param robots how robots.txt is read and trusted
 */
public record FetchSettings(Identity identity, Pacing pacing, Limits limits, Robots robots) {

    public FetchSettings {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(pacing, "pacing");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(robots, "robots");
    }

    /**
     * @param userAgent the User-Agent header, with a contact URL
     * @param robotsAgent the product token matched against robots.txt groups
     */
    public record Identity(String userAgent, String robotsAgent) {
        public Identity {
            Objects.requireNonNull(userAgent, "userAgent");
            Objects.requireNonNull(robotsAgent, "robotsAgent");
            if (userAgent.isBlank()) throw new IllegalArgumentException("research.fetch.user-agent must not be empty");
            if (!robotsAgent.matches("[A-Za-z_-]+")) {
                throw new IllegalArgumentException(
                        "research.fetch.robots-agent must be a robots.txt product token (letters, '_' and '-'), got '"
                                + robotsAgent + "'");
            }
        }
    }

    /**
     * @param hostDelayMs least time between two requests to one host
     * @param poolSize threads that fetch pages, across all hosts
     * @param slowHostDelayFactor how much of a slow response's time is added to its host's next gap
     * @param maxSlowHostDelayMs the most a slow host's gap grows by
     */
    public record Pacing(long hostDelayMs, int poolSize, double slowHostDelayFactor, long maxSlowHostDelayMs) {
        public Pacing {
            notNegative("research.fetch.host-delay-ms", hostDelayMs);
            positive("research.fetch.pool-size", poolSize);
            if (!(slowHostDelayFactor >= 0)) {
                throw new IllegalArgumentException(
                        "research.fetch.slow-host-delay-factor must not be negative, got " + slowHostDelayFactor);
            }
            notNegative("research.fetch.max-slow-host-delay-ms", maxSlowHostDelayMs);
        }
    }

    /**
     * @param maxBytes size cap per page, in decoded bytes
     * @param timeoutMs total deadline per page, redirects included
     * @param connectTimeoutMs the longest wait for a connection to be set up
     * @param maxRedirects redirect hops followed per page
     * @param pdfMaxPages the pages of a PDF whose text is read
     * @param pdfMaxMs the longest time spent reading one PDF's text
     */
    public record Limits(
            long maxBytes, long timeoutMs, long connectTimeoutMs, int maxRedirects, int pdfMaxPages, long pdfMaxMs) {
        public Limits {
            positive("research.fetch.max-bytes", maxBytes);
            positive("research.fetch.timeout-ms", timeoutMs);
            positive("research.fetch.connect-timeout-ms", connectTimeoutMs);
            notNegative("research.fetch.max-redirects", maxRedirects);
            positive("research.fetch.pdf-max-pages", pdfMaxPages);
            positive("research.fetch.pdf-max-ms", pdfMaxMs);
        }
    }

    /**
     * @param maxBytes size cap for robots.txt
     * @param ttlMs how long a fetched robots.txt is trusted
     * @param errorTtlMs how long an unreachable robots.txt keeps its host closed before trying again
     * @param maxCrawlDelayMs the longest robots.txt Crawl-delay honoured; hosts asking more are skipped
     * @param delayAfterMs the least time between the end of a robots.txt response and the host's next request (its
     *     first page); 0 asks the page right away, as StormCrawler, Nutch and the major search engines' crawlers do
     */
    public record Robots(long maxBytes, long ttlMs, long errorTtlMs, long maxCrawlDelayMs, long delayAfterMs) {
        public Robots {
            positive("research.fetch.robots-max-bytes", maxBytes);
            notNegative("research.fetch.robots-ttl-ms", ttlMs);
            notNegative("research.fetch.robots-error-ttl-ms", errorTtlMs);
            notNegative("research.fetch.max-crawl-delay-ms", maxCrawlDelayMs);
            notNegative("research.fetch.delay-after-robots-ms", delayAfterMs);
        }
    }

    private static void positive(String key, long value) {
        if (value <= 0) throw new IllegalArgumentException(key + " must be positive, got " + value);
    }

    private static void notNegative(String key, long value) {
        if (value < 0) throw new IllegalArgumentException(key + " must not be negative, got " + value);
    }
}
