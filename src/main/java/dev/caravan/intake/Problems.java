package dev.caravan.intake;

import dev.caravan.model.JobFormatException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Collects the problems of one job file, so that its author sees them all at once and fixes them in one go. Keeps the
 * first {@value #LIMIT}; the message says how many more there were. Not thread-safe (one per parse).
 */
final class Problems {

    static final int LIMIT = 20;

    private final List<String> messages = new ArrayList<>();
    private int total;

    /** Runs {@code check}; a {@link JobFormatException} is recorded and {@code null} returned instead. */
    <T> @Nullable T check(Supplier<T> check) {
        try {
            return check.get();
        } catch (JobFormatException e) {
            add(e.getMessage());
            return null;
        }
    }

    void add(String message) {
        total++;
        if (messages.size() < LIMIT) messages.add(message);
    }

    int count() {
        return total;
    }

    /** Throws one {@link JobFormatException} listing every problem, if there was any. */
    void throwIfAny() {
        if (total == 0) return;
        if (total == 1) throw new JobFormatException(messages.get(0));
        StringBuilder b = new StringBuilder().append(total).append(" problems: ");
        for (int i = 0; i < messages.size(); i++) {
            if (i > 0) b.append("; ");
            b.append(i + 1).append(") ").append(messages.get(i));
        }
        if (total > messages.size())
            b.append("; and ").append(total - messages.size()).append(" more");
        throw new JobFormatException(b.toString());
    }
}
