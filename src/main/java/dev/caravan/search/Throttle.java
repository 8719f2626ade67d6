package dev.caravan.search;

import java.io.IOException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * Spaces one provider's calls at least {@code intervalMs} apart, whichever thread makes them (Brave's free plan
 * allows one request per second). Each caller reserves the next free slot, then waits for it; a call made
 * {@link #around} one exchange also keeps the next slot {@code intervalMs} after the exchange ended, so a slow
 * exchange (a first connection) cannot bring the next request to the server less than {@code intervalMs} after it.
 * Thread-safe.
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

    /** One exchange, made in its slot. */
    @FunctionalInterface
    public interface Call<T> {
        T run() throws IOException;
    }

    private final ReentrantLock oneAtATime = new ReentrantLock(true);

    /**
     * Runs {@code call} in the next slot, one call at a time, and keeps the slot after it {@code intervalMs} after the
     * call ended.
     */
    public <T> T around(Call<T> call) throws IOException {
        oneAtATime.lock();
        try {
            acquire();
            try {
                return call.run();
            } finally {
                synchronized (this) {
                    nextSlotMs = Math.max(nextSlotMs, nowMs.getAsLong() + intervalMs);
                }
            }
        } finally {
            oneAtATime.unlock();
        }
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
