package dev.caravan.fetch;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import dev.caravan.fetch.guard.UrlGuard;
import dev.caravan.fetch.guard.Verdict;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.PageFault;
import dev.caravan.web.Urls;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * Decides whether robots.txt allows a URL, following RFC 9309: a 2xx robots.txt is parsed, redirects are followed up
 * to five hops, 4xx means everything is allowed, and 5xx, 429 or no answer closes the host for a short while. Rules are
 * cached per origin ({@code scheme://host:port}), and fetched once per origin even when many pages of it wait. Robots
 * requests take their turn in the host's queue of the {@link FetchScheduler}, like pages. Thread-safe.
 */
public class RobotsPolicy {

    private static final int MAX_ROBOTS_REDIRECTS = 5;

    /** Rules, or why there are none: {@code unavailable} is ROBOTS_UNAVAILABLE, or NETWORK_ERROR when no host answered. */
    private record Entry(BaseRobotRules rules, String unavailableReason, FetchOutcome unavailable, long ttlMs) {}

    private final HttpTransport transport;
    private final UrlGuard guard;
    private final FetchScheduler scheduler;
    private final FetchSettings settings;
    private final Clock clock;
    // no limit on the Crawl-delay parsed (Long.MAX_VALUE): check() compares it with research.fetch.max-crawl-delay-ms,
    // and skips a host asking more instead of clamping its delay; at most 5 warnings logged per robots.txt
    private final SimpleRobotRulesParser parser = new SimpleRobotRulesParser(Long.MAX_VALUE, 5);
    private final AsyncCache<String, Entry> rulesByOrigin;

    public RobotsPolicy(
            HttpTransport transport, UrlGuard guard, FetchScheduler scheduler, FetchSettings settings, Clock clock) {
        this.transport = transport;
        this.guard = guard;
        this.scheduler = scheduler;
        this.settings = settings;
        this.clock = clock;
        this.rulesByOrigin = Caffeine.newBuilder()
                .maximumSize(10_000)
                .expireAfter(new Expiry<String, Entry>() {
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
                })
                .executor(Runnable::run)
                .buildAsync();
    }

    /** The verdict for {@code url}, once its origin's robots.txt is known (fetched and cached when needed). */
    public CompletableFuture<RobotsVerdict> check(URI url) {
        String origin = Urls.origin(url);
        return rulesByOrigin
                .get(origin, (o, executor) -> load(URI.create(o + "/robots.txt"), 0))
                .thenApply(entry -> verdict(entry, url));
    }

    private RobotsVerdict verdict(Entry entry, URI url) {
        if (entry.unavailableReason() != null) {
            return RobotsVerdict.refuse(entry.unavailable(), entry.unavailableReason());
        }
        BaseRobotRules rules = entry.rules();
        if (!rules.isAllowed(url.toString())) {
            return RobotsVerdict.refuse(
                    FetchOutcome.ROBOTS_DENIED,
                    "robots.txt disallows this path for " + settings.identity().robotsAgent());
        }
        long delayMs = rules.getCrawlDelay() == BaseRobotRules.UNSET_CRAWL_DELAY ? 0 : rules.getCrawlDelay();
        if (delayMs > settings.robots().maxCrawlDelayMs()) {
            return RobotsVerdict.refuse(
                    FetchOutcome.CRAWL_DELAY_TOO_LONG,
                    "robots.txt Crawl-delay of " + delayMs / 1000.0 + " s exceeds the configured maximum of "
                            + settings.robots().maxCrawlDelayMs() / 1000.0 + " s");
        }
        return RobotsVerdict.allow(Duration.ofMillis(delayMs));
    }

    /** One hop of a robots.txt fetch; redirects take their own turn in their host's queue. */
    private CompletableFuture<Entry> load(URI current, int hop) {
        Verdict safe = guard.check(current);
        if (safe.refused()) {
            return done(unavailable("robots.txt redirected to a blocked address (" + safe.reason() + ")"));
        }
        return scheduler
                .submit(
                        Urls.hostKey(current),
                        Duration.ofMillis(settings.robots().delayAfterMs()),
                        () -> transport.get(
                                current,
                                HttpTransport.Purpose.ROBOTS,
                                clock.instant().plusMillis(settings.limits().timeoutMs())))
                .thenCompose(result -> answer(current, hop, result))
                .exceptionally(t -> unavailable("robots.txt could not be fetched (" + PageFault.describe(t) + ")"));
    }

    private CompletableFuture<Entry> answer(URI current, int hop, HttpResult result) {
        if (result.failed()) {
            String reason = "robots.txt could not be fetched (" + result.failureDetail() + ")";
            // no host answered at all (host not found, connection refused): the page cannot be fetched either
            return done(
                    result.failure() == HttpResult.Failure.NETWORK
                            ? new Entry(
                                    null,
                                    reason,
                                    FetchOutcome.NETWORK_ERROR,
                                    settings.robots().errorTtlMs())
                            : unavailable(reason));
        }
        int status = result.status();
        if (result.isRedirect()) {
            if (hop >= MAX_ROBOTS_REDIRECTS) {
                return done(unavailable("robots.txt redirected more than " + MAX_ROBOTS_REDIRECTS + " times"));
            }
            URI next;
            try {
                next = Urls.parse(
                        current.resolve(result.header("location").strip()).toString());
            } catch (IllegalArgumentException e) {
                return done(unavailable("robots.txt redirected to an unusable location (" + e.getMessage() + ")"));
            }
            return load(next, hop + 1);
        }
        if (result.isSuccess()) {
            SimpleRobotRules rules = parser.parseContent(
                    current.toString(),
                    result.body(),
                    contentType(result),
                    List.of(settings.identity().robotsAgent().toLowerCase(Locale.ROOT)));
            return done(new Entry(rules, null, null, settings.robots().ttlMs()));
        }
        if (status == 429 || status >= 500) {
            return done(unavailable("robots.txt answered HTTP " + status + "; the host is skipped for now"));
        }
        if (status >= 400)
            return done(new Entry(
                    parser.failedFetch(status), null, null, settings.robots().ttlMs()));
        return done(unavailable("robots.txt answered HTTP " + status));
    }

    private static CompletableFuture<Entry> done(Entry entry) {
        return CompletableFuture.completedFuture(entry);
    }

    private Entry unavailable(String reason) {
        return new Entry(
                null, reason, FetchOutcome.ROBOTS_UNAVAILABLE, settings.robots().errorTtlMs());
    }

    private static String contentType(HttpResult result) {
        String type = result.header("content-type");
        return type == null ? "text/plain" : type;
    }
}
