package dev.caravan.fetch;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * One scheduler for every request Caravan sends to web sites, shared by all running jobs and queries, organised like
 * StormCrawler's FetcherBolt: a queue per host ({@link HostQueues}) and a fixed pool of fetch threads that always take a
 * request whose host is ready, so no thread waits for one host while another could be served. The delay before a
 * host's next request counts from the end of its previous response. Results are handed to {@code completions}, so
 * whatever a caller does with them (converting a page) never holds a fetch thread. Thread-safe.
 */
public final class FetchScheduler implements AutoCloseable {

    /** Waits; a seam so tests can run the scheduler on a fake clock. */
    public interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private record Request<T>(Callable<T> call, CompletableFuture<T> result) {}

    private final HostQueues<Request<?>> queues;
    private final Clock clock;
    private final Executor completions;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final List<Thread> threads = new ArrayList<>();
    private final Sleeper callerSleeper;
    private volatile boolean running = true;

    private FetchScheduler(
            HostQueues.SlowHostRule slowHosts,
            Duration firstWait,
            Clock clock,
            Executor completions,
            Sleeper callerSleeper) {
        this.queues = new HostQueues<>(slowHosts, firstWait);
        this.clock = clock;
        this.completions = completions;
        this.callerSleeper = callerSleeper;
    }

    /**
     * A scheduler with {@code threads} fetch threads on the real clock.
     *
     * @param slowHostDelayFactor a host's next request waits at least this many times its recent response time
     * @param maxSlowHostDelay the most a slow host is delayed on that account
     * @param clock the real clock (the threads wait on it)
     * @param completions where results are handed on
     */
    public static FetchScheduler start(
            int threads, double slowHostDelayFactor, Duration maxSlowHostDelay, Clock clock, Executor completions) {
        return start(threads, slowHostDelayFactor, maxSlowHostDelay, Duration.ZERO, clock, completions);
    }

    /**
     * A scheduler as {@link #start(int, double, Duration, Clock, Executor)}, where a host it has not seen waits
     * {@code firstRequestWait} before its first request (instances sharing their fetching hand hosts over).
     */
    public static FetchScheduler start(
            int threads,
            double slowHostDelayFactor,
            Duration maxSlowHostDelay,
            Duration firstRequestWait,
            Clock clock,
            Executor completions) {
        FetchScheduler scheduler = new FetchScheduler(
                new HostQueues.SlowHostRule(slowHostDelayFactor, maxSlowHostDelay),
                firstRequestWait,
                clock,
                completions,
                null);
        for (int i = 1; i <= threads; i++) {
            Thread thread = new Thread(scheduler::work, "caravan-fetch-" + i);
            thread.setDaemon(true);
            scheduler.threads.add(thread);
            thread.start();
        }
        return scheduler;
    }

    /**
     * A scheduler without threads of its own: the thread that submits runs the requests, waiting with {@code sleeper}
     * when no host is ready. The same scheduling as {@link #start}, deterministic, for tests and single-threaded tools.
     */
    public static FetchScheduler callerRuns(
            double slowHostDelayFactor, Duration maxSlowHostDelay, Clock clock, Sleeper sleeper) {
        return new FetchScheduler(
                new HostQueues.SlowHostRule(slowHostDelayFactor, maxSlowHostDelay),
                Duration.ZERO,
                clock,
                Runnable::run,
                sleeper);
    }

    /**
     * Queues {@code call} for {@code host}, ahead of the host's other requests (a robots.txt request). It runs once the
     * host is free and its delay has passed.
     *
     * @param gapAfter the least time between the end of this request's response and the host's next request
     * @return the call's result, completed on the completions executor; failed when the call throws
     */
    public <T> CompletableFuture<T> submit(String host, Duration gapAfter, Callable<T> call) {
        return submit(host, gapAfter, Integer.MIN_VALUE, call);
    }

    /**
     * Queues {@code call} for {@code host}. It runs once the host is free and its delay has passed, after the host's
     * requests of a lower {@code order}, and after those of the same order that came before it.
     *
     * @param gapAfter the least time between the end of this request's response and the host's next request
     * @param order lower goes first (a page's is its query's place in its job)
     * @return the call's result, completed on the completions executor; failed when the call throws
     */
    public <T> CompletableFuture<T> submit(String host, Duration gapAfter, int order, Callable<T> call) {
        Request<T> request = new Request<>(call, new CompletableFuture<>());
        lock.lock();
        try {
            if (!running) {
                request.result().completeExceptionally(new IllegalStateException("Caravan is shutting down"));
                return request.result();
            }
            queues.add(new HostQueues.Queued<>(host, gapAfter, order, request), clock.instant());
            changed.signal();
        } finally {
            lock.unlock();
        }
        if (callerSleeper != null) runUntilDone(request.result());
        return request.result();
    }

    /** Keeps {@code host} from being asked for {@code wait} from now (a Retry-After); other hosts go on. */
    public void pause(String host, Duration wait) {
        lock.lock();
        try {
            queues.pause(host, clock.instant().plus(wait));
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Keeps {@code host} from being asked before {@code until}, as {@link #pause} does: another instance that shares
     * the fetching asked it and said when it may next be asked.
     */
    public void pauseUntil(String host, Instant until) {
        lock.lock();
        try {
            queues.pause(host, until);
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * When {@code host} may next be asked: the end of its last response plus its delay (host delay, Crawl-delay or
     * slow-host delay), or a pause; empty for a host this scheduler does not know.
     */
    public Optional<Instant> readyAt(String host) {
        lock.lock();
        try {
            return queues.readyAt(host);
        } finally {
            lock.unlock();
        }
    }

    /** Stops the fetch threads; requests still waiting fail. */
    @Override
    public void close() {
        List<HostQueues.Queued<Request<?>>> abandoned = new ArrayList<>();
        lock.lock();
        try {
            running = false;
            changed.signalAll();
            abandoned.addAll(queues.drain());
        } finally {
            lock.unlock();
        }
        for (HostQueues.Queued<Request<?>> q : abandoned) {
            q.request().result().completeExceptionally(new IllegalStateException("Caravan is shutting down"));
        }
        for (Thread thread : threads) thread.interrupt();
    }

    private void work() {
        while (running) {
            HostQueues.Queued<Request<?>> next;
            try {
                next = nextReady();
            } catch (InterruptedException e) {
                return;
            }
            if (next != null) run(next);
        }
    }

    /** Blocks until a request's host is ready; null when the scheduler closes. */
    private HostQueues.@Nullable Queued<Request<?>> nextReady() throws InterruptedException {
        lock.lock();
        try {
            while (running) {
                Instant now = clock.instant();
                Optional<HostQueues.Queued<Request<?>>> ready = queues.take(now);
                if (ready.isPresent()) return ready.get();
                Optional<Instant> at = queues.nextReadyAt();
                if (at.isEmpty()) {
                    changed.await();
                } else {
                    changed.await(Math.max(1, Duration.between(now, at.get()).toMillis()), TimeUnit.MILLISECONDS);
                }
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    private void runUntilDone(CompletableFuture<?> result) {
        while (!result.isDone()) {
            HostQueues.Queued<Request<?>> ready;
            Duration wait;
            lock.lock();
            try {
                Instant now = clock.instant();
                ready = queues.take(now).orElse(null);
                wait = ready != null
                        ? Duration.ZERO
                        : queues.nextReadyAt()
                                .map(at -> Duration.between(now, at))
                                .orElse(null);
            } finally {
                lock.unlock();
            }
            if (ready != null) {
                run(ready);
            } else if (wait == null) {
                return;
            } else {
                try {
                    callerSleeper.sleep(wait);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    result.completeExceptionally(e);
                }
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void run(HostQueues.Queued<Request<?>> queued) {
        Request request = queued.request();
        Instant started = clock.instant();
        Object value = null;
        Throwable failure = null;
        try {
            value = request.call().call();
        } catch (Throwable t) {
            failure = t;
        }
        Instant ended = clock.instant();
        lock.lock();
        try {
            queues.finished(queued, started, ended);
            changed.signal();
        } finally {
            lock.unlock();
        }
        Object result = value;
        Throwable error = failure;
        // the host is free again before anyone sees the result, so a follow-up request to it is queued, not blocked
        completions.execute(() -> {
            if (error != null) request.result().completeExceptionally(error);
            else request.result().complete(result);
        });
    }
}
