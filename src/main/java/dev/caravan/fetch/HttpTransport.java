package dev.caravan.fetch;

import java.net.URI;
import java.time.Instant;

/** Sends one GET request without following redirects. Implementations never throw for network faults. */
public interface HttpTransport {

    /** What a request is for: pages and robots.txt files have different size caps. */
    enum Purpose {
        PAGE,
        ROBOTS
    }

    HttpResult get(URI url, Purpose purpose, Instant deadline);
}
