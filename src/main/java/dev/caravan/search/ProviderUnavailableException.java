package dev.caravan.search;

/** A provider's circuit breaker is open: it kept failing, so Caravan stops calling it for a while. */
public class ProviderUnavailableException extends SearchException {

    public ProviderUnavailableException(String displayName) {
        super(displayName + " kept failing, so Caravan stopped calling it for a while (circuit breaker open); "
                + "drop the job again later");
    }
}
