package dev.caravan.progress;

import dev.caravan.model.Delivery;
import dev.caravan.model.LogText;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/** What one job run has done so far, for its closing summary. Thread-safe. */
final class JobTally {

    private final Instant started;
    /** The indexes of the queries started: a query searched again (a retry after a fault) counts once. */
    private final Set<Integer> queries = ConcurrentHashMap.newKeySet();

    private final AtomicInteger fetched = new AtomicInteger();
    private final AtomicInteger searchCalls = new AtomicInteger();
    private final AtomicInteger cacheHits = new AtomicInteger();
    private final AtomicInteger notSearched = new AtomicInteger();
    private final AtomicInteger revalidated = new AtomicInteger();
    private final AtomicInteger refetched = new AtomicInteger();
    private final AtomicInteger reports = new AtomicInteger();
    private final AtomicInteger emptyQueries = new AtomicInteger();
    private final Map<String, Integer> failedByReason = new TreeMap<>();

    JobTally(Instant started) {
        this.started = started;
    }

    void query(int index) {
        queries.add(index);
    }

    void search(boolean cached) {
        if (cached) cacheHits.incrementAndGet();
        else searchCalls.incrementAndGet();
    }

    void notSearched() {
        notSearched.incrementAndGet();
    }

    void page(String outcome, Delivery delivery) {
        if (delivery == Delivery.CACHED) cacheHits.incrementAndGet();
        if (delivery == Delivery.REVALIDATED) revalidated.incrementAndGet();
        if (delivery == Delivery.REFETCHED) refetched.incrementAndGet();
        if ("ok".equals(outcome)) {
            fetched.incrementAndGet();
        } else {
            synchronized (failedByReason) {
                failedByReason.merge(outcome, 1, Integer::sum);
            }
        }
    }

    void report(boolean empty) {
        reports.incrementAndGet();
        if (empty) emptyQueries.incrementAndGet();
    }

    int reports() {
        return reports.get();
    }

    int emptyQueries() {
        return emptyQueries.get();
    }

    String summary(Instant now) {
        String failed;
        synchronized (failedByReason) {
            failed = failedByReason.isEmpty()
                    ? "none"
                    : failedByReason.entrySet().stream()
                            .map(e -> e.getKey() + " " + e.getValue())
                            .collect(Collectors.joining(", "));
        }
        return LogText.count(queries.size(), "query", "queries") + ", "
                + LogText.count(fetched.get(), "page", "pages") + " fetched, not retrieved: " + failed + ", "
                + LogText.count(searchCalls.get(), "search call", "search calls") + ", "
                + LogText.count(cacheHits.get(), "cache hit", "cache hits") + ", "
                + (revalidated.get() + refetched.get() > 0
                        ? revalidated + " revalidated (304), " + refetched + " fetched again, "
                        : "")
                + (emptyQueries.get() > 0
                        ? LogText.count(emptyQueries.get(), "query", "queries") + " with no page, "
                        : "")
                + (notSearched.get() > 0
                        ? LogText.count(notSearched.get(), "query", "queries") + " not searched (budget reached), "
                        : "")
                + "took "
                + Duration.between(started, now).toMillis() / 1000.0 + " s";
    }
}
