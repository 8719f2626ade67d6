package dev.caravan.fetch;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import dev.caravan.model.FetchOutcome;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * Decides whether robots.txt allows a URL, following RFC 9309: a 2xx robots.txt is parsed, redirects are followed up
 * to five hops, 4xx means everything is allowed, and 5xx, 429 or no answer closes the host for a short while. Rules are
 * cached per origin ({@code scheme://host:port}). Robots requests go through the same {@link HostGate} as pages.
 * Thread-safe: one robots.txt is fetched per origin even when many pages of it are waiting.
 */
public class RobotsPolicy {

    private static final int MAX_ROBOTS_REDIRECTS = 5;

    private record Entry(BaseRobotRules rules, String unavailableReason, long ttlMs) {}

    private final HttpTransport transport;
    private final HostGate gate;
    private final FetchSettings settings;
    private final Clock clock;
    private final SimpleRobotRulesParser parser = new SimpleRobotRulesParser(Long.MAX_VALUE, 5);
    private final Cache<String, Entry> rulesByOrigin;

    public RobotsPolicy(HttpTransport transport, HostGate gate, FetchSettings settings, Clock clock) {
        this.transport = transport;
        this.gate = gate;
        this.settings = settings;
        this.clock = clock;
        this.rulesByOrigin = Caffeine.newBuilder().maximumSize(10_000).expireAfter(new Expiry<String, Entry>() {
            @Override
            public long expireAfterCreate(String key, Entry value, long currentTime) {
                return Duration.ofMillis(value.ttlMs()).toNanos();
            }

            @Override
            public long expireAfterUpdate(String key, Entry value, long currentTime, long currentDuration) {
                return Duration.ofMillis(value.ttlMs()).toNanos();
            }

            @Override
            public long expireAfterRead(String key, Entry value, long currentTime, long currentDuration) {
                return currentDuration;
            }
        }).build();
    }

    /** The verdict for {@code url}; fetches and caches its origin's robots.txt when needed. */
    public RobotsVerdict check(URI url) {
        String origin = origin(url);
        Entry entry = rulesByOrigin.get(origin, o -> load(URI.create(o + "/robots.txt")));
        if (entry.unavailableReason() != null) {
            return RobotsVerdict.refuse(FetchOutcome.ROBOTS_UNAVAILABLE, entry.unavailableReason());
        }
        BaseRobotRules rules = entry.rules();
        if (!rules.isAllowed(url.toString())) {
            return RobotsVerdict.refuse(
                    FetchOutcome.ROBOTS_DENIED, "robots.txt disallows this path for " + settings.robotsAgent());
        }
        long delayMs = rules.getCrawlDelay() == BaseRobotRules.UNSET_CRAWL_DELAY ? 0 : rules.getCrawlDelay();
        if (delayMs > settings.maxCrawlDelayMs()) {
            return RobotsVerdict.refuse(
                    FetchOutcome.CRAWL_DELAY_TOO_LONG,
                    "robots.txt Crawl-delay of " + delayMs / 1000.0 + " s exceeds the configured maximum of "
                            + settings.maxCrawlDelayMs() / 1000.0 + " s");
        }
        return RobotsVerdict.allow(Duration.ofMillis(delayMs));
    }

    /** The cache key: scheme, host and port, so http and https of one host have their own rules. */
    public static String origin(URI url) {
        String scheme = url.getScheme().toLowerCase(Locale.ROOT);
        int port = url.getPort() != -1 ? url.getPort() : ("https".equals(scheme) ? 443 : 80);
        String host = url.getHost().toLowerCase(Locale.ROOT);
        return scheme + "://" + (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
    }

    private Entry load(URI robotsUrl) {
        URI current = robotsUrl;
        Instant deadline = clock.instant().plusMillis(settings.timeoutMs());
        for (int hop = 0; hop <= MAX_ROBOTS_REDIRECTS; hop++) {
            HttpResult result = fetch(current, deadline);
            if (result == null) return unavailable("interrupted while fetching robots.txt");
            if (result.failed()) {
                return unavailable("robots.txt could not be fetched (" + result.failureDetail() + ")");
            }
            int status = result.status();
            if (result.isRedirect()) {
                try {
                    current = current.resolve(result.header("location").strip());
                } catch (IllegalArgumentException e) {
                    return unavailable("robots.txt redirected to an unusable location (" + e.getMessage() + ")");
                }
                continue;
            }
            if (result.isSuccess()) {
                SimpleRobotRules rules = parser.parseContent(
                        current.toString(), result.body(), contentType(result), List.of(settings.robotsAgent()
                                .toLowerCase(Locale.ROOT)));
                return new Entry(rules, null, settings.robotsTtlMs());
            }
            if (status == 429 || status >= 500) {
                return unavailable("robots.txt answered HTTP " + status + "; the host is skipped for now");
            }
            if (status >= 400) return new Entry(parser.failedFetch(status), null, settings.robotsTtlMs());
            return unavailable("robots.txt answered HTTP " + status);
        }
        return unavailable("robots.txt redirected more than " + MAX_ROBOTS_REDIRECTS + " times");
    }

    private HttpResult fetch(URI url, Instant deadline) {
        try (HostGate.Permit ignored = gate.acquire(PageFetcher.hostKey(url), Duration.ofMillis(settings.hostDelayMs()))) {
            return transport.get(url, HttpTransport.Purpose.ROBOTS, deadline);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private Entry unavailable(String reason) {
        return new Entry(null, reason, settings.robotsErrorTtlMs());
    }

    private static String contentType(HttpResult result) {
        String type = result.header("content-type");
        return type == null ? "text/plain" : type;
    }
}
