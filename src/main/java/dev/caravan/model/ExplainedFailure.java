package dev.caravan.model;

/**
 * An exception whose message is written for the job's author or operator, so it is shown as it is as the reason a
 * job or query failed. Stages mark their own exceptions with it; {@link FailureReasons} reads it without knowing the
 * stages.
 */
public interface ExplainedFailure {

    /** The throwable's own message. */
    String getMessage();

    /** What the job author reads; the message unless the exception says it better. */
    default String explanation() {
        return getMessage();
    }
}
