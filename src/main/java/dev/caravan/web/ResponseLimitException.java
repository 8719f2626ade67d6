package dev.caravan.web;

import java.io.IOException;

/** A response cut off because it passed the size cap or the deadline. */
public class ResponseLimitException extends IOException {

    /** Which limit was hit. */
    public enum Limit {
        SIZE,
        DEADLINE
    }

    private final Limit limit;

    public ResponseLimitException(Limit limit, String message) {
        super(message);
        this.limit = limit;
    }

    public Limit limit() {
        return limit;
    }
}
