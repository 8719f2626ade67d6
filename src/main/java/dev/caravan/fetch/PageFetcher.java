package dev.caravan.fetch;

import dev.caravan.model.FetchOutcome;
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
 * Fetches one page politely: every hop (the first request and each redirect) is checked against robots.txt and waits
 * for its host's turn in the {@link HostGate}. Redirects are followed by hand, up to the configured number of hops.
 * Never throws for web failures: they come back as a {@link FetchResponse} outcome. Thread-safe.
 */
public class PageFetcher {

    private final HttpTransport transport;
    private final RobotsPolicy robots;
    private final HostGate gate;
    private final FetchSettings settings;
    private final Clock clock;

    public PageFetcher(HttpTransport transport, RobotsPolicy robots, HostGate gate, FetchSettings settings, Clock clock) {
        this.transport = transport;
        this.robots = robots;
        this.gate = gate;
        this.settings = settings;
        this.clock = clock;
    }

    public FetchResponse fetch(String url) {
        Instant deadline = clock.instant().plusMillis(settings.timeoutMs());
        URI current;
        try {
            current = parse(url);
        } catch (IllegalArgumentException e) {
            return FetchResponse.failed(url, url, FetchOutcome.INVALID_URL, e.getMessage(), null);
        }
        Set<String> seen = new HashSet<>();
        for (int hop = 0; ; hop++) {
            seen.add(current.toString());
            RobotsVerdict verdict = robots.check(current);
            if (!verdict.allowed()) {
                return FetchResponse.failed(url, current.toString(), verdict.refusal(), verdict.reason(), null);
            }
            HttpResult result = request(current, verdict.crawlDelay(), deadline);
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

    private HttpResult request(URI url, Duration crawlDelay, Instant deadline) {
        Duration spacing = Duration.ofMillis(Math.max(settings.hostDelayMs(), crawlDelay.toMillis()));
        try (HostGate.Permit ignored = gate.acquire(hostKey(url), spacing)) {
            if (!clock.instant().isBefore(deadline)) return null;
            return transport.get(url, HttpTransport.Purpose.PAGE, deadline);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return HttpResult.failed(HttpResult.Failure.NETWORK, "interrupted");
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

    /** Parses an absolute http(s) URL with a host, or throws with a one-line reason. */
    static URI parse(String url) {
        URI uri;
        try {
            uri = new URI(url.strip());
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
        return uri;
    }
}
