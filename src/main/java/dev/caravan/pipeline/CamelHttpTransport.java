package dev.caravan.pipeline;

import dev.caravan.fetch.HttpResult;
import dev.caravan.fetch.HttpTransport;
import dev.caravan.fetch.ResponseLimitException;
import dev.caravan.fetch.guard.BlockedAddressException;
import dev.caravan.model.Causes;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.ProducerTemplate;

/**
 * Sends fetch requests through the camel-http routes {@code direct:http-page} and {@code direct:http-robots}, where the
 * endpoint options (User-Agent, timeouts, caps) are configured. Maps network faults to {@link HttpResult} values.
 * Thread-safe.
 */
public class CamelHttpTransport implements HttpTransport {

    private static final String[] KEPT_HEADERS = {
        "Content-Type", "Location", "Retry-After", "ETag", "Last-Modified", "Cache-Control", "Expires", "Date", "Age"
    };

    private final ProducerTemplate template;

    public CamelHttpTransport(ProducerTemplate template) {
        this.template = template;
    }

    @Override
    public HttpResult get(URI url, Purpose purpose, Instant deadline, Map<String, String> headers) {
        String endpoint = purpose == Purpose.ROBOTS ? "direct:http-robots" : "direct:http-page";
        Exchange exchange = template.send(endpoint, ex -> {
            // conditional request headers (If-None-Match, If-Modified-Since): camel-http sends message headers as is
            headers.forEach(ex.getMessage()::setHeader);
            ex.getMessage().setHeader(Exchange.HTTP_URI, placeholderFree(url.toString()));
            ex.getMessage().setHeader(BoundedResponses.DEADLINE_HEADER, Long.toString(deadline.toEpochMilli()));
        });
        Exception error = exchange.getException();
        if (error != null) return failure(error);
        Message in = exchange.getMessage();
        Integer status = in.getHeader(Exchange.HTTP_RESPONSE_CODE, Integer.class);
        Map<String, String> kept = new HashMap<>();
        for (String name : KEPT_HEADERS) {
            String value = in.getHeader(name, String.class);
            if (value != null) kept.put(name.toLowerCase(java.util.Locale.ROOT), value);
        }
        byte[] body = in.getBody(byte[].class);
        return HttpResult.response(status == null ? 0 : status, kept, body);
    }

    /**
     * camel-http resolves property placeholders ({@code {{env:TAVILY_API_KEY}}}) in the {@code CamelHttpUri} header, so a
     * URL from a page, a job or a redirect must never reach it with a brace. {@link URI} already rejects raw braces;
     * percent-encoding them here keeps that true whatever built the URI (they mean the same to a server).
     */
    static String placeholderFree(String url) {
        return url.replace("{", "%7B").replace("}", "%7D");
    }

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
