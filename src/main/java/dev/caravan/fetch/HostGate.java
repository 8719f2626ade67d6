package dev.caravan.fetch;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Per-host politeness: at most one request at a time to a host, and each request starts at least the host's delay
 * after the previous one to that host ended. Thread-safe; threads waiting for one host never slow another host.
 */
public class HostGate {

    /** Waits; a seam so tests can run without real sleeps. */
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    /** Holds a host until closed. */
    public interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    private static final class HostState {
        final ReentrantLock lock = new ReentrantLock(true);
        Instant nextStart = Instant.MIN;
    }

    private final Clock clock;
    private final Sleeper sleeper;
    private final Cache<String, HostState> hosts =
            Caffeine.newBuilder().expireAfterAccess(Duration.ofHours(1)).build();

    public HostGate(Clock clock, Sleeper sleeper) {
        this.clock = clock;
        this.sleeper = sleeper;
    }

    public static HostGate realTime() {
        return new HostGate(Clock.systemUTC(), d -> Thread.sleep(d.toMillis()));
    }

    /** Keeps {@code host} closed for {@code wait} from now (a Retry-After), without affecting other hosts. */
    public void pause(String host, Duration wait) {
        HostState state = hosts.get(host, h -> new HostState());
        state.lock.lock();
        try {
            Instant until = clock.instant().plus(wait);
            if (until.isAfter(state.nextStart)) state.nextStart = until;
        } finally {
            state.lock.unlock();
        }
    }

    /**
     * Blocks until {@code host} is free and its delay has passed, then holds it.
     *
     * @param spacing the least time from the end of the previous request to the start of this one
     */
    public Permit acquire(String host, Duration spacing) throws InterruptedException {
        HostState state = hosts.get(host, h -> new HostState());
        state.lock.lockInterruptibly();
        try {
            Duration wait = Duration.between(clock.instant(), state.nextStart);
            if (!wait.isNegative() && !wait.isZero()) sleeper.sleep(wait);
        } catch (InterruptedException | RuntimeException e) {
            state.lock.unlock();
            throw e;
        }
        return () -> {
            Instant next = clock.instant().plus(spacing);
            if (next.isAfter(state.nextStart)) state.nextStart = next;
            state.lock.unlock();
        };
    }
}
