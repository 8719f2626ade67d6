package dev.caravan.fetch;

import java.net.URI;
import java.time.Instant;
import java.util.Map;

/** Sends one GET request without following redirects. Implementations never throw for network faults. */
public interface HttpTransport {

    /** What a request is for: pages and robots.txt files have different size caps. */
    enum Purpose {
        PAGE,
        ROBOTS
    }

    /**
     * Sends the request with the extra request {@code headers} (such as {@code If-None-Match}; names as HTTP spells
     * them, values already checked to be safe to send).
     */
    HttpResult get(URI url, Purpose purpose, Instant deadline, Map<String, String> headers);

    /** Sends the request without extra headers. */
    default HttpResult get(URI url, Purpose purpose, Instant deadline) {
        return get(url, purpose, deadline, Map.of());
    }
}
