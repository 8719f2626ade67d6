package dev.caravan.search;

import dev.caravan.model.ExplainedFailure;

/** A search that failed for a reason the job author or operator must act on; the message says which. */
public class SearchException extends RuntimeException implements ExplainedFailure {

    public SearchException(String message) {
        super(message);
    }
}
