package dev.caravan.fetch;

import dev.caravan.fetch.guard.BlockedAddressException;
import dev.caravan.model.Causes;
import dev.caravan.web.ResponseLimitException;
import dev.caravan.web.WebClient;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Sends the fetch stage's requests through Caravan's one HTTP client ({@link WebClient}): pages with the Accept header
 * a browser would send and {@code research.fetch.max-bytes} as their cap (a longer body fails as too large), robots.txt
 * files cut at {@code research.fetch.robots-max-bytes} (RFC 9309 asks to parse the first 500 KiB). Maps network
 * faults to {@link HttpResult} values. Thread-safe.
 */
public class WebTransport implements HttpTransport {

    /** What a page request accepts: HTML first, then text, Markdown and JSON, then anything. */
    static final String PAGE_ACCEPT =
            "text/html,application/xhtml+xml,text/plain;q=0.9,text/markdown;q=0.9,application/json;q=0.8,*/*;q=0.5";

    /** The response headers the fetch stage reads. */
    private static final List<String> KEPT_HEADERS = List.of(
            "content-type",
            "location",
            "retry-after",
            "etag",
            "last-modified",
            "cache-control",
            "expires",
            "date",
            "age");

    private final WebClient client;
    private final FetchSettings settings;

    public WebTransport(WebClient client, FetchSettings settings) {
        this.client = client;
        this.settings = settings;
    }

    @Override
    public HttpResult get(URI url, Purpose purpose, Instant deadline, Map<String, String> headers) {
        Map<String, String> sent = new LinkedHashMap<>();
        if (purpose == Purpose.PAGE) sent.put("Accept", PAGE_ACCEPT);
        sent.putAll(headers); // conditional request headers (If-None-Match, If-Modified-Since)
        boolean robots = purpose == Purpose.ROBOTS;
        WebClient.Bounds bounds = new WebClient.Bounds(
                robots ? settings.robots().maxBytes() : settings.limits().maxBytes(), robots, deadline);
        try {
            WebClient.Response response = client.send(new WebClient.Request(
                    "GET",
                    url,
                    sent,
                    null,
                    settings.limits().connectTimeoutMs(),
                    settings.limits().timeoutMs(),
                    bounds));
            return HttpResult.response(response.status(), kept(response.headers()), response.body());
        } catch (Exception e) {
            return failure(e);
        }
    }

    /**
     * The headers the fetch stage reads, by lower-case name: a header sent more than once is one value, its values
     * joined by ", " (as HTTP reads a list-valued header such as Cache-Control).
     */
    static Map<String, String> kept(Map<String, List<String>> headers) {
        Map<String, String> kept = new HashMap<>();
        for (String name : KEPT_HEADERS) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            if (values != null && !values.isEmpty()) kept.put(name, String.join(", ", values));
        }
        return kept;
    }

    /** Why no usable response came, as a value the report can show. */
    static HttpResult failure(Throwable error) {
        for (Throwable t : Causes.chain(error)) {
            if (t instanceof BlockedAddressException blocked) {
                return HttpResult.failed(HttpResult.Failure.BLOCKED, blocked.reason());
            }
            if (t instanceof ResponseLimitException limit) {
                return HttpResult.failed(
                        limit.limit() == ResponseLimitException.Limit.SIZE
                                ? HttpResult.Failure.TOO_LARGE
                                : HttpResult.Failure.TIMEOUT,
                        limit.getMessage());
            }
            if (t instanceof SocketTimeoutException || t instanceof InterruptedIOException) {
                return HttpResult.failed(HttpResult.Failure.TIMEOUT, "timed out: " + t.getMessage());
            }
            if (t instanceof UnknownHostException) {
                return HttpResult.failed(HttpResult.Failure.NETWORK, "host not found: " + t.getMessage());
            }
            if (t instanceof ConnectException) {
                return HttpResult.failed(HttpResult.Failure.NETWORK, "connection refused");
            }
        }
        Throwable root = Causes.root(error);
        return HttpResult.failed(
                HttpResult.Failure.NETWORK,
                root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage()));
    }
}
