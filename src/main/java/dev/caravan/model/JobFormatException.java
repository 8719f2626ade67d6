package dev.caravan.intake;

/** A job file that cannot be run as it is; the message says why in words a job author understands. */
public class JobFormatException extends RuntimeException {

    public JobFormatException(String message) {
        super(message);
    }
}
