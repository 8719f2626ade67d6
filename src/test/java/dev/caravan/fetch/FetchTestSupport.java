package dev.caravan.fetch;

/**
 * Settings shared by the fetch unit tests: 1 s host delay, 5 s max Crawl-delay, 10 s deadline, 3 redirects, and the
 * first page right after robots.txt (the default).
 */
final class FetchTestSupport {

    static final String AGENT = "CaravanBot";

    private FetchTestSupport() {}

    static FetchSettings settings() {
        return settings(1_000, 10_000);
    }

    static FetchSettings settings(long hostDelayMs, long timeoutMs) {
        return settings(hostDelayMs, timeoutMs, 0);
    }

    static FetchSettings settings(long hostDelayMs, long timeoutMs, long delayAfterRobotsMs) {
        return new FetchSettings(
                new FetchSettings.Identity("CaravanBot/1.0 (+https://caravan.example/about)", AGENT),
                new FetchSettings.Pacing(hostDelayMs, 4, 0, 0),
                new FetchSettings.Limits(1_000_000, timeoutMs, 5_000, 3, 50, 10_000),
                new FetchSettings.Robots(500_000, 3_600_000, 60_000, 5_000, delayAfterRobotsMs));
    }
}
