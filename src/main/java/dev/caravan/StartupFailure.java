package dev.caravan;

import dev.caravan.model.Causes;

/**
 * Turns whatever stopped startup into one line: the message of Caravan's own setting checks (which name the key, the
 * value and what is allowed), or else the innermost cause, never a stack trace.
 */
final class StartupFailure {

    private StartupFailure() {}

    static String describe(Throwable failure) {
        Throwable ours = Causes.chain(failure).stream()
                .filter(t -> t instanceof IllegalArgumentException && isCaravans(t))
                .findFirst()
                .orElse(null);
        Throwable chosen = ours != null ? ours : Causes.root(failure);
        String message = chosen.getMessage();
        String line = message == null || message.isBlank()
                ? chosen.getClass().getSimpleName()
                : ours != null ? message : chosen.getClass().getSimpleName() + ": " + message;
        return line.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /** Thrown from Caravan's own code (the first stack frame is in dev.caravan). */
    private static boolean isCaravans(Throwable t) {
        StackTraceElement[] trace = t.getStackTrace();
        return trace.length > 0 && trace[0].getClassName().startsWith("dev.caravan.");
    }
}
