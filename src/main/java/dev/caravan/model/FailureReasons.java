package dev.caravan.model;

import org.jspecify.annotations.Nullable;

/** The user-facing reason a job or query failed, in one sentence. Stateless. */
public final class FailureReasons {

    private FailureReasons() {}

    /**
     * The explanation of the outermost {@link ExplainedFailure} in the cause chain, else the innermost cause as an
     * internal error.
     */
    public static String reason(@Nullable Throwable error) {
        for (Throwable t : Causes.chain(error)) {
            if (t instanceof ExplainedFailure explained) return explained.explanation();
            if (t.getClass().getSimpleName().equals("CallNotPermittedException")) {
                return "Tavily kept failing, so Caravan stopped calling it for a while (circuit breaker open); "
                        + "drop the job again later";
            }
        }
        if (error == null) return "unknown error";
        Throwable root = Causes.root(error);
        return "internal error (" + root.getClass().getSimpleName() + "): " + root.getMessage();
    }
}
