package dev.caravan.search;

/**
 * A provider cannot be used now, whatever the query: its key is missing or rejected, its quota is used up, or its
 * circuit breaker is open. The next provider in {@code research.search.fallback} may be tried instead.
 */
public class ProviderUnavailableException extends SearchException {

    public ProviderUnavailableException(String message) {
        super(message);
    }

    /** The breaker is open: the provider kept failing, so Caravan stops calling it for a while. */
    public static ProviderUnavailableException breakerOpen(String displayName) {
        return new ProviderUnavailableException(displayName + " kept failing, so Caravan stopped calling it for a "
                + "while (circuit breaker open); drop the job again later");
    }
}
