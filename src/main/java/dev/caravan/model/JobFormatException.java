package dev.caravan.model;

/** A job file that cannot be run as it is; the message says why in words a job author understands. */
public class JobFormatException extends RuntimeException implements ExplainedFailure {

    public JobFormatException(String message) {
        super(message);
    }
}
