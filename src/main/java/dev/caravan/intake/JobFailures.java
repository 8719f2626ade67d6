package dev.caravan.intake;

import dev.caravan.fetch.guard.BlockedAddressException;
import dev.caravan.report.AtomicFiles;
import dev.caravan.search.SearchException;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Explains a failed job next to the job file in the failed folder: {@code <file>.error.txt}, one or two sentences
 * saying why. Thread-safe.
 */
public class JobFailures {

    private final Path failedDir;
    private final Clock clock;

    public JobFailures(Path failedDir, Clock clock) {
        this.failedDir = failedDir;
        this.clock = clock;
    }

    /** Writes the explanation for the job file that will be moved to {@code failedDir/storedName}. */
    public String record(String storedName, Throwable error) {
        String reason = reason(error);
        AtomicFiles.write(failedDir.resolve(storedName + ".error.txt"),
                "Caravan could not run this job: " + reason + "\n" + "(" + clock.instant() + ")\n");
        return reason;
    }

    /** The user-facing reason: the message of our own exceptions, else the innermost cause. */
    public static String reason(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof JobFormatException || t instanceof SearchException) return t.getMessage();
            if (t.getClass().getSimpleName().equals("CallNotPermittedException")) {
                return "Tavily kept failing, so Caravan stopped calling it for a while (circuit breaker open); "
                        + "drop the job again later";
            }
            if (t instanceof BlockedAddressException blocked) {
                return "the search provider's address is refused by the SSRF guard (" + blocked.reason()
                        + "); list it in research.guard.allowed-addresses if it is trusted";
            }
        }
        Throwable root = error;
        while (root != null && root.getCause() != null) root = root.getCause();
        return root == null ? "unknown error"
                : "internal error (" + root.getClass().getSimpleName() + "): " + root.getMessage();
    }
}
