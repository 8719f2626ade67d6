package dev.caravan.fetch.guard;

import dev.caravan.model.ExplainedFailure;
import java.net.UnknownHostException;

/**
 * Thrown by {@link GuardedDnsResolver} when a host name or one of its addresses is refused. It extends
 * {@link UnknownHostException} so HttpClient and Camel treat it like a failed lookup: no connection is attempted.
 * The message is the short human reason, e.g. {@code "blocked: 10.0.0.5 is a private address (RFC 1918)"}.
 *
 * <p>Immutable once thrown; safe to share between threads.
 */
public class BlockedAddressException extends UnknownHostException implements ExplainedFailure {

    private static final long serialVersionUID = 1L;

    /** @param reason the short human reason, used as the exception message */
    public BlockedAddressException(String reason) {
        super(reason);
    }

    /** The same as {@link #getMessage()}: why the lookup was refused. */
    public String reason() {
        return getMessage();
    }

    /** When a blocked address fails a whole job, it was the search provider's (pages fail one by one). */
    @Override
    public String explanation() {
        return "the search provider's address is refused by the SSRF guard (" + reason()
                + "); list it in research.guard.allowed-addresses if it is trusted";
    }
}
