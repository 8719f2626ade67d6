package dev.caravan.search;

import java.util.function.LongSupplier;

/**
 * Spaces one provider's calls at least {@code intervalMs} apart, whichever thread makes them (Brave's free plan
 * allows one request per second). Each caller reserves the next free slot, then waits for it. Thread-safe.
 */
public class Throttle {

    /** Waits; the seam tests replace. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(long ms) throws InterruptedException;
    }

    private final long intervalMs;
    private final LongSupplier nowMs;
    private final Sleeper sleeper;
    private long nextSlotMs = Long.MIN_VALUE;

    public Throttle(long intervalMs, LongSupplier nowMs, Sleeper sleeper) {
        this.intervalMs = intervalMs;
        this.nowMs = nowMs;
        this.sleeper = sleeper;
    }

    public static Throttle realTime(long intervalMs) {
        return new Throttle(intervalMs, () -> System.nanoTime() / 1_000_000, Thread::sleep);
    }

    /** Blocks until this caller's slot; returns how long it waited, in milliseconds. */
    public long acquire() {
        long wait;
        synchronized (this) {
            long now = nowMs.getAsLong();
            long slot = nextSlotMs == Long.MIN_VALUE ? now : Math.max(now, nextSlotMs);
            nextSlotMs = slot + intervalMs;
            wait = slot - now;
        }
        if (wait > 0) {
            try {
                sleeper.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SearchException("interrupted while waiting for the search provider's rate limit");
            }
        }
        return wait;
    }
}
