package dev.caravan.fetch;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.TreeSet;

/**
 * The scheduling state of every host, without threads or clocks of its own: a queue of requests per host, and the
 * time each host may next be asked. A host's requests are served by their order (a page's is its query's place in its
 * job, so a job's first query has its pages first and its report is written while the next queries' pages are still
 * being fetched), and in the order they came within one order. A host is asked at most one request at a time; the
 * next request starts no earlier than the previous response's end plus the larger of the delay that request asked for
 * (host delay or Crawl-delay) and the host's slow-host delay. Among the hosts that are ready, the one that has been
 * ready longest is served first, so every host gets its turn. Not thread-safe: {@link FetchScheduler} guards it.
 *
 * @param <R> the request type
 */
final class HostQueues<R> {

    /**
     * How a slow host is slowed down further, as Scrapy's AutoThrottle does: after each response, the host's response
     * time estimate moves halfway to that response's time, and the next request waits at least {@code factor} times
     * the estimate, but never more than {@code maxDelay} on this account.
     */
    record SlowHostRule(double factor, Duration maxDelay) {

        static final SlowHostRule NONE = new SlowHostRule(0, Duration.ZERO);

        Duration delayFor(Duration estimate) {
            long ms = (long) Math.min((double) maxDelay.toMillis(), factor * estimate.toMillis());
            return Duration.ofMillis(Math.max(0, ms));
        }
    }

    /**
     * A request waiting for its host, with the least gap its host needs after it.
     *
     * @param order lower goes first among the host's waiting requests
     */
    record Queued<R>(String host, Duration gapAfter, int order, R request) {

        Queued(String host, Duration gapAfter, R request) {
            this(host, gapAfter, 0, request);
        }
    }

    /** A queued request with the number it came in as: the order among requests of the same order. */
    private record Waiting<R>(Queued<R> queued, long arrival) {}

    private static final Comparator<Waiting<?>> SERVE_ORDER =
            Comparator.<Waiting<?>>comparingInt(w -> w.queued().order()).thenComparingLong(Waiting::arrival);

    private static final class Host<R> {
        final String key;
        final PriorityQueue<Waiting<R>> waiting = new PriorityQueue<>(SERVE_ORDER);
        Instant readyAt = Instant.MIN;
        long readySince;
        boolean busy;
        Duration responseEstimate;
        Duration lastGap = Duration.ZERO;

        Host(String key) {
            this.key = key;
        }
    }

    private static final Comparator<Host<?>> READY_ORDER = Comparator.<Host<?>, Instant>comparing(h -> h.readyAt)
            .thenComparingLong(h -> h.readySince)
            .thenComparing(h -> h.key);

    private final SlowHostRule slowHosts;
    private final Duration firstWait;
    private final Map<String, Host<R>> hosts = new HashMap<>();
    /** Hosts that are idle and have requests waiting, in the order they may be served. */
    private final TreeSet<Host<R>> idle = new TreeSet<>(READY_ORDER);

    private long sequence;
    private long arrivals;

    HostQueues(SlowHostRule slowHosts) {
        this(slowHosts, Duration.ZERO);
    }

    /**
     * @param firstWait how long a host this scheduler has not seen (or has forgotten) waits before its first request:
     *     when instances share fetching, a host that comes to this instance from another one may have been asked there
     *     just before, and the word on when it may next be asked (a {@link #pause}) may still be on its way
     */
    HostQueues(SlowHostRule slowHosts, Duration firstWait) {
        this.slowHosts = slowHosts;
        this.firstWait = firstWait;
    }

    void add(Queued<R> queued) {
        add(queued, Instant.MIN);
    }

    /** Queues a request at {@code now}; a host not seen before is ready {@code firstWait} from now. */
    void add(Queued<R> queued, Instant now) {
        Host<R> host = hosts.get(queued.host());
        if (host == null) {
            host = new Host<>(queued.host());
            if (!firstWait.isZero() && !now.equals(Instant.MIN)) host.readyAt = now.plus(firstWait);
            hosts.put(queued.host(), host);
        }
        if (!host.busy && host.waiting.isEmpty()) host.readySince = sequence++;
        host.waiting.add(new Waiting<>(queued, arrivals++));
        if (!host.busy) idle.add(host);
    }

    /** The next request whose host is ready at {@code now}, marking its host busy; empty when none is ready. */
    Optional<Queued<R>> take(Instant now) {
        if (idle.isEmpty() || idle.first().readyAt.isAfter(now)) return Optional.empty();
        Host<R> host = idle.pollFirst();
        host.busy = true;
        return Optional.of(host.waiting.poll().queued());
    }

    /** When the next waiting request's host becomes ready; empty when nothing waits for an idle host. */
    Optional<Instant> nextReadyAt() {
        return idle.isEmpty() ? Optional.empty() : Optional.of(idle.first().readyAt);
    }

    /** The request taken from {@code host} ran from {@code started} to {@code ended}; frees the host. */
    void finished(Queued<R> done, Instant started, Instant ended) {
        Host<R> host = hosts.get(done.host());
        Duration took = Duration.between(started, ended);
        if (took.isNegative()) took = Duration.ZERO;
        host.responseEstimate = host.responseEstimate == null
                ? took
                : host.responseEstimate.plus(took).dividedBy(2);
        Duration gap = max(done.gapAfter(), slowHosts.delayFor(host.responseEstimate));
        host.lastGap = gap;
        Instant next = ended.plus(gap);
        if (next.isAfter(host.readyAt)) host.readyAt = next;
        host.busy = false;
        host.readySince = sequence++;
        if (!host.waiting.isEmpty()) idle.add(host);
        else forgetIdleHosts(ended);
    }

    /** Keeps {@code host} from being asked before {@code until} (a Retry-After), without affecting other hosts. */
    void pause(String key, Instant until) {
        Host<R> host = hosts.computeIfAbsent(key, Host::new);
        if (!until.isAfter(host.readyAt)) return;
        boolean queued = idle.remove(host);
        host.readyAt = until;
        if (queued) idle.add(host);
        forgetIdleHosts(until);
    }

    /** When {@code host} may next be asked; empty for a host not known here. */
    Optional<Instant> readyAt(String key) {
        Host<R> host = hosts.get(key);
        return host == null ? Optional.empty() : Optional.of(host.readyAt);
    }

    /** The gap the host's last response asked for (host delay, Crawl-delay or slow-host delay). */
    Duration lastGap(String key) {
        Host<R> host = hosts.get(key);
        return host == null ? Duration.ZERO : host.lastGap;
    }

    /** Removes and returns every waiting request. */
    java.util.List<Queued<R>> drain() {
        java.util.List<Queued<R>> all = new java.util.ArrayList<>();
        for (Host<R> host : hosts.values()) {
            host.waiting.forEach(w -> all.add(w.queued()));
            host.waiting.clear();
        }
        idle.clear();
        return all;
    }

    /** Keeps memory bounded in a long-running process: hosts with nothing to do whose delay has passed long ago. */
    private void forgetIdleHosts(Instant now) {
        if (hosts.size() < 10_000) return;
        Instant longAgo = now.minus(Duration.ofHours(1));
        hosts.values().removeIf(h -> !h.busy && h.waiting.isEmpty() && h.readyAt.isBefore(longAgo));
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
