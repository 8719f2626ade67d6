package dev.caravan.fetch.guard;

import java.util.Objects;

/**
 * The outcome of a guard check: allowed, or refused with a short human reason such as
 * {@code "blocked: 10.0.0.5 is a private address (RFC 1918)"}. Expected refusals are values, not exceptions.
 * Immutable and thread-safe.
 *
 * @param allowed whether the URL, host or address may be fetched
 * @param reason why it was refused; empty when allowed, so it never reads as a reason to an allowed verdict
 */
public record Verdict(boolean allowed, String reason) {

    private static final Verdict ALLOWED = new Verdict(true, "");

    public Verdict {
        Objects.requireNonNull(reason, "reason");
        if (allowed != reason.isEmpty()) {
            throw new IllegalArgumentException(
                    allowed ? "an allowed verdict has no reason, got '" + reason + "'" : "a refusal needs a reason");
        }
    }

    /** The shared "allowed" verdict. */
    public static Verdict allow() {
        return ALLOWED;
    }

    /** A refusal with the given reason. */
    public static Verdict refuse(String reason) {
        return new Verdict(false, reason);
    }

    /** The opposite of {@link #allowed()}. */
    public boolean refused() {
        return !allowed;
    }
}
