package dev.caravan.search;

import dev.caravan.web.WebClient;
import java.io.IOException;
import java.net.URI;
import java.util.Map;

/**
 * The HTTP calls of every search provider (and of the answer model's client), through Caravan's one HTTP client
 * ({@link WebClient}: no redirects, no automatic retries, no cookies, no proxy; the route retries). Thread-safe.
 */
public class SearchHttp {

    /** Largest search answer read, in characters; a longer one is cut (a provider answering more answers garbage). */
    static final int MAX_BODY_CHARS = 4 * 1024 * 1024;

    /** What the provider answered. */
    public record Answer(int status, String retryAfter, String body) {}

    /** Sends one request; the seam tests replace. */
    @FunctionalInterface
    public interface Sender {
        Answer send(String method, String url, Map<String, String> headers, String body, long timeoutMs)
                throws IOException;
    }

    private final WebClient client;

    public SearchHttp(WebClient client) {
        this.client = client;
    }

    /** A sender over this client. */
    public Sender sender() {
        return this::send;
    }

    /**
     * Sends one call: {@code timeoutMs} to connect and for the answer; the body (JSON, or empty for none) as UTF-8;
     * the answer read as far as {@value #MAX_BODY_CHARS} characters (a UTF-8 character is at most 4 bytes).
     */
    public Answer send(String method, String url, Map<String, String> headers, String body, long timeoutMs)
            throws IOException {
        WebClient.Response response = client.send(new WebClient.Request(
                method,
                URI.create(url),
                headers,
                body,
                timeoutMs,
                timeoutMs,
                new WebClient.Bounds(4L * MAX_BODY_CHARS, true, null)));
        String text = response.text();
        if (text.length() > MAX_BODY_CHARS) text = text.substring(0, MAX_BODY_CHARS);
        return new Answer(response.status(), response.header("retry-after"), text);
    }
}
