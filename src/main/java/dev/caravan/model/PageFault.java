package dev.caravan.model;

/**
 * What a single page may throw without taking its job down: every {@link Exception}, and the {@link Error}s that one
 * page's content can cause and that leave the JVM usable once the page's stack has unwound: a
 * {@link StackOverflowError} (deep nesting, a regex on a huge input) and an {@link OutOfMemoryError} from one oversized
 * allocation. Other errors (linkage, internal VM errors, {@code ThreadDeath}) are not the page's fault and propagate.
 */
public final class PageFault {

    private PageFault() {}

    /** True when {@code t} can be turned into a failed page and the job can go on. */
    public static boolean recoverable(Throwable t) {
        return t instanceof Exception || t instanceof StackOverflowError || t instanceof OutOfMemoryError;
    }

    /** A one-line description for a report: the class name and the message, if any. */
    public static String describe(Throwable t) {
        if (t == null) return "unknown";
        String message = t.getMessage();
        return t.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + firstLine(message));
    }

    private static String firstLine(String message) {
        String line = message.strip().lines().findFirst().orElse("");
        return line.length() > 300 ? line.substring(0, 300) + "…" : line;
    }
}
