package dev.caravan.fetch;

import dev.caravan.fetch.guard.UrlGuard;
import dev.caravan.fetch.guard.Verdict;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.PageFault;
import dev.caravan.model.RetryAfter;
import java.util.Optional;
import dev.caravan.model.FetchResponse;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Fetches one page safely and politely: every hop (the first request and each redirect) is checked by the SSRF
 * {@link UrlGuard} and against robots.txt, and waits for its host's turn in the {@link HostGate}. Redirects are followed by hand, up to the configured number of hops.
 * Never throws for web failures: they come back as a {@link FetchResponse} outcome. Thread-safe.
 */
public class PageFetcher {

    private final HttpTransport transport;
    private final UrlGuard guard;
    private final RobotsPolicy robots;
    private final HostGate gate;
    private final FetchSettings settings;
    private final Clock clock;

    public PageFetcher(HttpTransport transport, UrlGuard guard, RobotsPolicy robots, HostGate gate,
            FetchSettings settings, Clock clock) {
        this.transport = transport;
        this.guard = guard;
        this.robots = robots;
        this.gate = gate;
        this.settings = settings;
        this.clock = clock;
    }

    /**
     * Fetches {@code url}. The page's deadline ({@code timeout-ms}) counts its own network time across every hop: time
     * spent waiting for a host's turn is not charged to it.
     */
    public FetchResponse fetch(String url) {
        try {
            return fetchOrThrow(url);
        } catch (Throwable t) {
            if (!PageFault.recoverable(t)) throw t;
            return FetchResponse.failed(url, url, FetchOutcome.INTERNAL_ERROR,
                    "internal error while fetching the page (" + PageFault.describe(t) + ")", null);
        }
    }

    private FetchResponse fetchOrThrow(String url) {
        Duration budget = Duration.ofMillis(settings.timeoutMs());
        URI current;
        try {
            current = parse(url);
        } catch (IllegalArgumentException e) {
            return FetchResponse.failed(url, url, FetchOutcome.INVALID_URL, e.getMessage(), null);
        }
        Set<String> seen = new HashSet<>();
        boolean retried = false;
        Integer lastStatus = null;
        for (int hop = 0; ; hop++) {
            seen.add(current.toString());
            Verdict safe = guard.check(current);
            if (safe.refused()) {
                return FetchResponse.failed(url, current.toString(), FetchOutcome.BLOCKED, safe.reason(), lastStatus);
            }
            RobotsVerdict verdict = robots.check(current);
            if (!verdict.allowed()) {
                return FetchResponse.failed(url, current.toString(), verdict.refusal(), verdict.reason(), lastStatus);
            }
            Attempt attempt = request(current, verdict.crawlDelay(), budget);
            Optional<Duration> pause = retried ? Optional.empty() : retryAfter(attempt.result());
            if (pause.isPresent()) {
                if (pause.get().toMillis() > settings.maxCrawlDelayMs()) {
                    return FetchResponse.failed(url, current.toString(), FetchOutcome.HTTP_ERROR, "HTTP "
                            + attempt.result().status() + " asking to retry after " + pause.get().toSeconds()
                            + " s, longer than the configured maximum wait", attempt.result().status());
                }
                gate.pause(hostKey(current), pause.get());
                retried = true;
                budget = budget.minus(attempt.took());
                attempt = request(current, verdict.crawlDelay(), budget);
            }
            budget = budget.minus(attempt.took());
            HttpResult result = attempt.result();
            if (result == null) {
                return FetchResponse.failed(url, current.toString(), FetchOutcome.TIMEOUT,
                        "no response within " + settings.timeoutMs() + " ms", null);
            }
            if (result.failed()) return failure(url, current, result);
            if (result.isRedirect()) {
                if (hop >= settings.maxRedirects()) {
                    return FetchResponse.failed(url, current.toString(), FetchOutcome.REDIRECT_LIMIT,
                            "more than " + settings.maxRedirects() + " redirects", result.status());
                }
                URI next;
                try {
                    next = parse(current.resolve(result.header("location").strip()).toString());
                } catch (IllegalArgumentException e) {
                    return FetchResponse.failed(url, current.toString(), FetchOutcome.INVALID_URL,
                            "redirect to an unusable location: " + e.getMessage(), result.status());
                }
                if (seen.contains(next.toString())) {
                    return FetchResponse.failed(url, next.toString(), FetchOutcome.REDIRECT_LIMIT,
                            "redirect loop back to " + next, result.status());
                }
                lastStatus = result.status();
                current = next;
                continue;
            }
            if (!result.isSuccess()) {
                return FetchResponse.failed(url, current.toString(), FetchOutcome.HTTP_ERROR,
                        ("HTTP " + result.status() + " " + HttpStatusText.of(result.status())).strip(), result.status());
            }
            return new FetchResponse(url, current.toString(), FetchOutcome.OK, null, result.status(),
                    result.header("content-type"), result.body(), clock.instant());
        }
    }

    /** The politeness key of a URL: its host, lower-cased, with the port when it is not the default. */
    public static String hostKey(URI url) {
        String host = url.getHost().toLowerCase(Locale.ROOT);
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        int port = url.getPort();
        boolean defaultPort = port == -1 || (port == 80 && scheme.equals("http")) || (port == 443 && scheme.equals("https"));
        return defaultPort ? host : host + ":" + port;
    }

    /** The wait a 429 or 503 response asks for with Retry-After, if any. */
    private Optional<Duration> retryAfter(HttpResult result) {
        if (result == null || (result.status() != 429 && result.status() != 503)) return Optional.empty();
        return RetryAfter.parse(result.header("retry-after"), clock.instant());
    }

    /** One request's result (null when the budget was used up before it could start) and its network time. */
    private record Attempt(HttpResult result, Duration took) {}

    /** One request within the remaining {@code budget}, once its host's turn has come. */
    private Attempt request(URI url, Duration crawlDelay, Duration budget) {
        Duration spacing = Duration.ofMillis(Math.max(settings.hostDelayMs(), crawlDelay.toMillis()));
        try (HostGate.Permit ignored = gate.acquire(hostKey(url), spacing)) {
            if (budget.isNegative() || budget.isZero()) return new Attempt(null, Duration.ZERO);
            Instant start = clock.instant();
            HttpResult result = transport.get(url, HttpTransport.Purpose.PAGE, start.plus(budget));
            return new Attempt(result, Duration.between(start, clock.instant()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Attempt(HttpResult.failed(HttpResult.Failure.NETWORK, "interrupted"), Duration.ZERO);
        }
    }

    private static FetchResponse failure(String url, URI current, HttpResult result) {
        FetchOutcome outcome = switch (result.failure()) {
            case TIMEOUT -> FetchOutcome.TIMEOUT;
            case TOO_LARGE -> FetchOutcome.TOO_LARGE;
            case BLOCKED -> FetchOutcome.BLOCKED;
            case NETWORK -> FetchOutcome.NETWORK_ERROR;
        };
        return FetchResponse.failed(url, current.toString(), outcome, result.failureDetail(), null);
    }

    /**
     * Parses an absolute http(s) URL with a host and a valid port, or throws with a one-line reason. The fragment is
     * dropped: it is never sent to a server, and an encoded {@code #} would change the request's path.
     */
    static URI parse(String url) {
        URI uri;
        try {
            String text = url.strip();
            int hash = text.indexOf('#');
            uri = new URI(hash >= 0 ? text.substring(0, hash) : text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a valid URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("only http and https URLs are fetched, not '" + scheme + "'");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException("the URL has no host");
        }
        if (uri.getPort() == 0 || uri.getPort() > 65535) {
            throw new IllegalArgumentException("invalid port " + uri.getPort() + " (ports are 1-65535)");
        }
        return uri;
    }
}
