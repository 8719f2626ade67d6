package dev.caravan.progress;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Caravan's own meters, exported in Prometheus format when monitoring is on: fetches by outcome, per-host fetch
 * latency, Tavily calls, cache hits, errors and jobs in flight. Thread-safe.
 */
final class PipelineMetrics {

    private final MeterRegistry registry;
    private final AtomicInteger jobsInFlight;

    PipelineMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.jobsInFlight = new AtomicInteger();
        Gauge.builder("caravan.jobs.in.flight", jobsInFlight, AtomicInteger::get)
                .description("Jobs running now")
                .strongReference(true)
                .register(registry);
    }

    void jobStarted() {
        jobsInFlight.incrementAndGet();
    }

    void jobFinished(boolean ok) {
        jobsInFlight.decrementAndGet();
        if (!ok) error("job");
    }

    void search(boolean cached) {
        if (cached) cacheHit("search");
        else
            Counter.builder("caravan.tavily.calls")
                    .description("Searches sent to Tavily")
                    .register(registry)
                    .increment();
    }

    void notSearched() {
        Counter.builder("caravan.search.not.searched")
                .description("Queries not searched because a budget was reached")
                .register(registry)
                .increment();
    }

    void jobFileFailed() {
        error("job_file");
    }

    void searchFailed() {
        error("search");
    }

    void fetch(String outcome, String host, Duration took, boolean cached) {
        Counter.builder("caravan.fetch")
                .description("Pages by fetch outcome")
                .tag("outcome", outcome)
                .register(registry)
                .increment();
        if (cached) {
            cacheHit("page");
        } else {
            Timer.builder("caravan.fetch.duration")
                    .description("Time to fetch a page, per host")
                    .tag("host", host)
                    .register(registry)
                    .record(took);
        }
    }

    private void cacheHit(String cache) {
        Counter.builder("caravan.cache.hits")
                .description("Answers served from the cache")
                .tag("cache", cache)
                .register(registry)
                .increment();
    }

    private void error(String kind) {
        Counter.builder("caravan.errors")
                .description("Failed jobs and searches")
                .tag("kind", kind)
                .register(registry)
                .increment();
    }
}
