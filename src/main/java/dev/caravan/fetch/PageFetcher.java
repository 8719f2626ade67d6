package dev.caravan.fetch;

import dev.caravan.fetch.guard.UrlGuard;
import dev.caravan.fetch.guard.Verdict;
import dev.caravan.model.CacheHeaders;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.PageFault;
import dev.caravan.model.Retrieval;
import dev.caravan.web.RetryAfter;
import dev.caravan.web.Urls;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.hc.core5.http.impl.EnglishReasonPhraseCatalog;
import org.jspecify.annotations.Nullable;

/**
 * Fetches one page safely and politely: every hop (the first request and each redirect) is checked by the SSRF
 * {@link UrlGuard} and against robots.txt, and takes its turn in its host's queue of the {@link FetchScheduler}.
 * Redirects are followed by hand, up to the configured number of hops. No thread waits while a page waits for its
 * host: the result is a future. Web failures are values ({@link FetchResponse} outcomes), never failed futures.
 * Thread-safe.
 */
public class PageFetcher {

    private final HttpTransport transport;
    private final UrlGuard guard;
    private final RobotsPolicy robots;
    private final FetchScheduler scheduler;
    private final FetchSettings settings;
    private final Clock clock;

    public PageFetcher(
            HttpTransport transport,
            UrlGuard guard,
            RobotsPolicy robots,
            FetchScheduler scheduler,
            FetchSettings settings,
            Clock clock) {
        this.transport = transport;
        this.guard = guard;
        this.robots = robots;
        this.scheduler = scheduler;
        this.settings = settings;
        this.clock = clock;
    }

    /** One page's way through its hops: the URL asked for, the hops seen, and the network time left. */
    private static final class Page {
        final String url;
        final Map<String, String> conditional;
        final Set<String> seen = new HashSet<>();
        Duration budget;
        final int order;
        boolean retried;
        Integer lastStatus;

        Page(String url, Duration budget, Map<String, String> conditional, int order) {
            this.url = url;
            this.budget = budget;
            this.conditional = conditional;
            this.order = order;
        }

        FetchResponse failed(URI at, FetchOutcome outcome, String reason, Integer status) {
            return FetchResponse.failed(url, at.toString(), outcome, reason, status);
        }
    }

    /** One request's result (null when the budget was used up before it could start) and its network time. */
    private record Attempt(@Nullable HttpResult result, Duration took) {}

    /**
     * Fetches {@code url}. The page's deadline ({@code timeout-ms}) counts its own network time across every hop: time
     * spent waiting for a host's turn is not charged to it.
     */
    public CompletableFuture<FetchResponse> fetch(String url) {
        return fetch(url, null);
    }

    /**
     * Fetches {@code url}; with {@code stored} (the caching headers of a copy Caravan holds) the request is conditional
     * on every hop ({@link ConditionalRequest}), and a {@code 304 Not Modified} comes back as an OK response with that
     * status and no body: the stored copy is still the page. The conditional request takes the same way as any other:
     * SSRF guard, robots.txt, its host's turn.
     */
    public CompletableFuture<FetchResponse> fetch(String url, @Nullable CacheHeaders stored) {
        return fetch(url, stored, 0);
    }

    /**
     * Fetches {@code url} as {@link #fetch(String, CacheHeaders)} does, after the requests of a lower {@code order}
     * waiting for the same host.
     *
     * @param order lower goes first at the page's host: its query's place in its job
     */
    public CompletableFuture<FetchResponse> fetch(String url, @Nullable CacheHeaders stored, int order) {
        URI first;
        try {
            first = Urls.parse(url);
        } catch (IllegalArgumentException e) {
            return done(FetchResponse.failed(url, url, FetchOutcome.INVALID_URL, e.getMessage(), null));
        }
        Page page = new Page(
                url, Duration.ofMillis(settings.limits().timeoutMs()), ConditionalRequest.headers(stored), order);
        CompletableFuture<FetchResponse> response;
        try {
            response = hop(page, first, 0);
        } catch (RuntimeException e) {
            response = CompletableFuture.failedFuture(e);
        }
        return response.exceptionally(t -> {
            Throwable cause = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
            if (!PageFault.recoverable(cause)) throw new CompletionException(cause);
            return FetchResponse.failed(
                    url,
                    url,
                    FetchOutcome.INTERNAL_ERROR,
                    "internal error while fetching the page (" + PageFault.describe(cause) + ")",
                    null);
        });
    }

    private CompletableFuture<FetchResponse> hop(Page page, URI current, int hop) {
        page.seen.add(current.toString());
        Verdict safe = guard.check(current);
        if (safe.refused()) return done(page.failed(current, FetchOutcome.BLOCKED, safe.reason(), page.lastStatus));
        return robots.check(current).thenCompose(verdict -> {
            if (!verdict.allowed()) {
                return done(page.failed(current, verdict.refusal(), verdict.reason(), page.lastStatus));
            }
            Duration gap = Duration.ofMillis(Math.max(
                    settings.pacing().hostDelayMs(), verdict.crawlDelay().toMillis()));
            return request(page, current, gap).thenCompose(attempt -> {
                Optional<Duration> pause = page.retried ? Optional.empty() : retryAfter(attempt.result());
                if (pause.isEmpty()) return answer(page, current, hop, attempt);
                if (pause.get().toMillis() > settings.robots().maxCrawlDelayMs()) {
                    return done(page.failed(
                            current,
                            FetchOutcome.HTTP_ERROR,
                            "HTTP " + attempt.result().status()
                                    + " asking to retry after " + pause.get().toSeconds()
                                    + " s, longer than the configured maximum wait",
                            attempt.result().status()));
                }
                scheduler.pause(Urls.hostKey(current), pause.get());
                page.retried = true;
                page.budget = page.budget.minus(attempt.took());
                return request(page, current, gap).thenCompose(again -> answer(page, current, hop, again));
            });
        });
    }

    /** What one response means: the page, a failure, or the next hop of a redirect. */
    private CompletableFuture<FetchResponse> answer(Page page, URI current, int hop, Attempt attempt) {
        page.budget = page.budget.minus(attempt.took());
        HttpResult result = attempt.result();
        if (result == null) {
            return done(page.failed(
                    current,
                    FetchOutcome.TIMEOUT,
                    "no response within " + settings.limits().timeoutMs() + " ms",
                    null));
        }
        if (result.failed()) return done(failure(page, current, result));
        if (result.status() == 304 && !page.conditional.isEmpty()) {
            return done(new FetchResponse(
                    new Retrieval(page.url, current.toString(), 304, clock.instant()),
                    FetchOutcome.OK,
                    null,
                    null,
                    new byte[0],
                    CacheHeaders.of(result::header)));
        }
        if (result.isRedirect()) {
            if (hop >= settings.limits().maxRedirects()) {
                return done(page.failed(
                        current,
                        FetchOutcome.REDIRECT_LIMIT,
                        "more than " + settings.limits().maxRedirects() + " redirects",
                        result.status()));
            }
            URI next;
            try {
                next = Urls.parse(
                        current.resolve(result.header("location").strip()).toString());
            } catch (IllegalArgumentException e) {
                return done(page.failed(
                        current,
                        FetchOutcome.INVALID_URL,
                        "redirect to an unusable location: " + e.getMessage(),
                        result.status()));
            }
            if (page.seen.contains(next.toString())) {
                return done(page.failed(
                        next, FetchOutcome.REDIRECT_LIMIT, "redirect loop back to " + next, result.status()));
            }
            page.lastStatus = result.status();
            return hop(page, next, hop + 1);
        }
        if (!result.isSuccess()) {
            return done(page.failed(
                    current,
                    FetchOutcome.HTTP_ERROR,
                    ("HTTP " + result.status() + " " + reasonPhrase(result.status())).strip(),
                    result.status()));
        }
        return done(new FetchResponse(
                new Retrieval(page.url, current.toString(), result.status(), clock.instant()),
                FetchOutcome.OK,
                null,
                result.header("content-type"),
                result.body(),
                CacheHeaders.of(result::header)));
    }

    /**
     * The reason phrase of an error status from HttpCore's English catalog; a status it does not know is named by its
     * class, and a status below 400 (a redirect without a location, say) has none.
     */
    private static String reasonPhrase(int status) {
        if (status < 400) return "";
        // the catalog throws for a status outside 100-599, such as LinkedIn's 999
        String phrase = status > 599 ? null : EnglishReasonPhraseCatalog.INSTANCE.getReason(status, Locale.ROOT);
        return phrase != null ? phrase : status >= 500 ? "server error" : "client error";
    }

    /** The wait a 429 or 503 response asks for with Retry-After, if any. */
    private Optional<Duration> retryAfter(HttpResult result) {
        if (result == null || (result.status() != 429 && result.status() != 503)) return Optional.empty();
        return RetryAfter.parse(result.header("retry-after"), clock.instant());
    }

    /** One request within the page's remaining budget, once its host's turn has come. */
    private CompletableFuture<Attempt> request(Page page, URI url, Duration gapAfter) {
        Duration budget = page.budget;
        if (budget.isNegative() || budget.isZero()) return done(new Attempt(null, Duration.ZERO));
        return scheduler.submit(Urls.hostKey(url), gapAfter, page.order, () -> {
            Instant start = clock.instant();
            HttpResult result = transport.get(url, HttpTransport.Purpose.PAGE, start.plus(budget), page.conditional);
            return new Attempt(result, Duration.between(start, clock.instant()));
        });
    }

    private static FetchResponse failure(Page page, URI current, HttpResult result) {
        FetchOutcome outcome = switch (result.failure()) {
            case TIMEOUT -> FetchOutcome.TIMEOUT;
            case TOO_LARGE -> FetchOutcome.TOO_LARGE;
            case BLOCKED -> FetchOutcome.BLOCKED;
            case NETWORK -> FetchOutcome.NETWORK_ERROR;
        };
        return page.failed(current, outcome, result.failureDetail(), null);
    }

    private static <T> CompletableFuture<T> done(T value) {
        return CompletableFuture.completedFuture(value);
    }
}
