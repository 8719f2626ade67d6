package dev.caravan.intake;

import dev.caravan.files.AtomicFiles;
import dev.caravan.model.FailureReasons;
import java.nio.file.Path;
import java.time.Clock;
import org.jspecify.annotations.Nullable;

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
        AtomicFiles.write(
                failedDir.resolve(storedName + ".error.txt"),
                "Caravan could not run this job: " + reason + "\n" + "(" + clock.instant() + ")\n");
        return reason;
    }

    /** The user-facing reason: see {@link FailureReasons#reason}. */
    public static String reason(@Nullable Throwable error) {
        return FailureReasons.reason(error);
    }
}
