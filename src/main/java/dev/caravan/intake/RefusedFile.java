package dev.caravan.intake;

import dev.caravan.model.LogText;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * An entry of the input folder that was refused without being opened (see {@link InputFolder}).
 *
 * @param fileName its name in the input folder
 * @param reason why it was refused, in the words of its {@code .error.txt}
 * @param failedDir the failed folder
 * @param storedName the name it was moved to in the failed folder, or null if it could not be moved
 * @param moveError why it could not be moved, or null
 */
public record RefusedFile(
        String fileName,
        String reason,
        Path failedDir,
        @Nullable String storedName,
        @Nullable String moveError) {

    public boolean moved() {
        return storedName != null;
    }

    /** The log line, with the name and reason escaped. */
    public String line() {
        String head = "job file " + LogText.quoted(fileName) + " refused: " + LogText.safe(reason);
        if (moved())
            return head + " (moved to "
                    + LogText.safe(failedDir.resolve(storedName).toString()) + ")";
        return head + "; it could not be moved to " + LogText.safe(failedDir.toString()) + " ("
                + LogText.safe(String.valueOf(moveError)) + "), so it is left where it is, unread, and said once";
    }
}
