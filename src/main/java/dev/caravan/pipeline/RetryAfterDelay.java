package dev.caravan.pipeline;

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
        RetryableSearchException retryable = find(caught);
        if (retryable != null && retryable.retryAfterMs() >= 0) {
            exchange.getMessage().setHeader(Exchange.REDELIVERY_DELAY, retryable.retryAfterMs());
        } else {
            exchange.getMessage().removeHeader(Exchange.REDELIVERY_DELAY);
        }
    }

    private static RetryableSearchException find(Throwable t) {
        for (; t != null; t = t.getCause()) if (t instanceof RetryableSearchException r) return r;
        return null;
    }
}
