package dev.caravan.pipeline;

import dev.caravan.model.Causes;
import dev.caravan.search.RetryableSearchException;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;

/**
 * Runs when a search attempt fails with a retryable error: when the provider said how long to wait (Retry-After),
 * the next redelivery waits that long instead of the exponential backoff.
 */
public class RetryAfterDelay implements Processor {

    @Override
    public void process(Exchange exchange) {
        Exception caught = exchange.getException();
        if (caught == null) caught = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
        long retryAfterMs = Causes.find(caught, RetryableSearchException.class)
                .map(RetryableSearchException::retryAfterMs)
                .orElse(-1L);
        if (retryAfterMs >= 0) {
            exchange.getMessage().setHeader(Exchange.REDELIVERY_DELAY, retryAfterMs);
        } else {
            exchange.getMessage().removeHeader(Exchange.REDELIVERY_DELAY);
        }
    }
}
