package dev.caravan.pipeline;

import org.apache.camel.Exchange;
import org.apache.camel.Processor;

/**
 * Throws again the exception a doCatch block stored in the exchange property {@value #PROPERTY}, after the block has
 * recorded it, so the caller sees the original failure.
 */
public class Rethrow implements Processor {

    public static final String PROPERTY = "failure";

    @Override
    public void process(Exchange exchange) throws Exception {
        Exception failure = exchange.getProperty(PROPERTY, Exception.class);
        if (failure != null) throw failure;
    }
}
