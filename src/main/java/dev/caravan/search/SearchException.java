package dev.caravan.search;

/** A search that failed for a reason the job author or operator must act on; the message says which. */
public class SearchException extends RuntimeException {

    public SearchException(String message) {
        super(message);
    }
}
