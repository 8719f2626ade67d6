package dev.caravan.progress;

import dev.caravan.model.Answer;
import dev.caravan.model.Delivery;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Caravan's own meters, exported in Prometheus format when monitoring is on: fetches by outcome, per-host fetch
 * latency, Tavily calls, cache hits, errors and jobs in flight. Every tag has a bounded set of values: the latency is
 * only timed for pages that were requested, and only the first {@value #MAX_HOST_TAGS} hosts get their own series
 * (the others share {@code host="other"}), so hostile search results cannot grow {@code /metrics} or the heap. With
 * no registry (monitoring off) it records nothing. Thread-safe.
 */
final class PipelineMetrics {

    /** Most hosts with their own latency series; later hosts are timed under {@value #OTHER_HOST}. */
    static final int MAX_HOST_TAGS = 100;

    static final String OTHER_HOST = "other";

    private final @Nullable MeterRegistry registry;
    private final AtomicInteger jobsInFlight;
    private final Set<String> hostsTagged = ConcurrentHashMap.newKeySet();

    /** @param registry where the meters go, or null to keep none (monitoring off) */
    PipelineMetrics(@Nullable MeterRegistry registry) {
        this.registry = registry;
        this.jobsInFlight = new AtomicInteger();
        if (registry == null) return;
        Gauge.builder("caravan.jobs.in.flight", jobsInFlight, AtomicInteger::get)
                .description("Jobs running now")
                .strongReference(true)
                .register(registry);
        for (String cache : new String[] {"page", "search"}) {
            Gauge.builder(
                            "caravan.cache.hit.ratio",
                            this,
                            m -> ("page".equals(cache) ? m.pageRatio : m.searchRatio).value())
                    .description("Share of cache lookups since start that saved a request (pages: fresh or"
                            + " revalidated; searches: hits)")
                    .tag("cache", cache)
                    .strongReference(true)
                    .register(registry);
        }
    }

    void jobStarted() {
        jobsInFlight.incrementAndGet();
    }

    void jobFinished(boolean ok) {
        jobsInFlight.decrementAndGet();
        if (!ok) error("job");
    }

    void search(boolean cached) {
        if (registry == null) return;
        lookup("search", cached ? "hit" : "miss", cached);
        if (cached) cacheHit("search");
        else
            Counter.builder("caravan.tavily.calls")
                    .description("Searches sent to Tavily")
                    .register(registry)
                    .increment();
    }

    /** A page's cache lookup, by how the page was had; also kept for the page cache's hit ratio. */
    void pageLookup(Delivery delivery) {
        String result = switch (delivery) {
            case CACHED -> "fresh";
            case REVALIDATED -> "revalidated";
            case REFETCHED -> "refetched";
            case FETCHED -> "miss";
        };
        lookup("page", result, delivery == Delivery.CACHED || delivery == Delivery.REVALIDATED);
    }

    private void lookup(String cache, String result, boolean hit) {
        if (registry == null) return;
        Counter.builder("caravan.cache.lookups")
                .description("Cache lookups by result: page fresh, revalidated (304), refetched or miss; search hit"
                        + " or miss")
                .tag("cache", cache)
                .tag("result", result)
                .register(registry)
                .increment();
        Ratio ratio = "page".equals(cache) ? pageRatio : searchRatio;
        ratio.lookups.incrementAndGet();
        if (hit) ratio.hits.incrementAndGet();
    }

    /** Hits (a request saved: fresh or revalidated) over lookups since start. */
    private static final class Ratio {
        final AtomicLong lookups = new AtomicLong();
        final AtomicLong hits = new AtomicLong();

        double value() {
            long n = lookups.get();
            return n == 0 ? 0 : (double) hits.get() / n;
        }
    }

    private final Ratio pageRatio = new Ratio();
    private final Ratio searchRatio = new Ratio();

    /** The persistent cache's size, read when scraped. */
    void cacheGauges(LongSupplier usedBytes, LongSupplier pages, LongSupplier searches) {
        if (registry == null) return;
        Gauge.builder("caravan.cache.size", usedBytes, s -> s.getAsLong())
                .description("Bytes the persistent cache uses (research.cache.max-bytes caps it)")
                .baseUnit("bytes")
                .strongReference(true)
                .register(registry);
        Gauge.builder("caravan.cache.entries", pages, s -> s.getAsLong())
                .description("Entries in the persistent cache")
                .tag("cache", "page")
                .strongReference(true)
                .register(registry);
        Gauge.builder("caravan.cache.entries", searches, s -> s.getAsLong())
                .description("Entries in the persistent cache")
                .tag("cache", "search")
                .strongReference(true)
                .register(registry);
    }

    void emptyQuery() {
        if (registry == null) return;
        Counter.builder("caravan.queries.empty")
                .description("Queries that ran but got no page")
                .register(registry)
                .increment();
    }

    void emptyJob() {
        if (registry == null) return;
        Counter.builder("caravan.jobs.empty")
                .description("Jobs that ran but got no page for any query")
                .register(registry)
                .increment();
    }

    void notSearched() {
        if (registry == null) return;
        Counter.builder("caravan.search.not.searched")
                .description("Queries not searched because a budget was reached")
                .register(registry)
                .increment();
    }

    /** An answer: model calls and tokens, and its sentences kept and dropped (by the check that dropped them). */
    void answer(Answer answer) {
        if (registry == null) return;
        Counter.builder("caravan.answers")
                .description("Answers asked of the answer model, by whether it answered")
                .tag("outcome", answer.answered() ? "answered" : "none")
                .register(registry)
                .increment();
        Counter.builder("caravan.llm.calls")
                .description("Calls made to the answer model")
                .register(registry)
                .increment(answer.usage().calls());
        Counter.builder("caravan.llm.tokens")
                .description("Tokens of the answer model's calls")
                .tag("kind", "prompt")
                .register(registry)
                .increment(answer.usage().promptTokens());
        Counter.builder("caravan.llm.tokens")
                .description("Tokens of the answer model's calls")
                .tag("kind", "completion")
                .register(registry)
                .increment(answer.usage().completionTokens());
        Counter.builder("caravan.answer.sentences")
                .description("Sentences of the answer model, kept or dropped by a check")
                .tag("outcome", "kept")
                .tag("check", "none")
                .register(registry)
                .increment(answer.sentences().size());
        for (Answer.Dropped d : answer.dropped()) {
            Counter.builder("caravan.answer.sentences")
                    .description("Sentences of the answer model, kept or dropped by a check")
                    .tag("outcome", "dropped")
                    .tag("check", checkTag(d.check()))
                    .register(registry)
                    .increment();
        }
    }

    /** One of the four checks' names, so the tag has a bounded set of values. */
    private static String checkTag(String check) {
        return switch (check) {
            case Answer.CITED, Answer.FACTS, Answer.SIMILAR, Answer.ENTAILED -> check;
            default -> "other";
        };
    }

    void jobFileFailed() {
        error("job_file");
    }

    void searchFailed() {
        error("search");
    }

    /**
     * One page done: counted by outcome; a cache hit counted as such; the time taken recorded for its host only when
     * the page was requested (not for one refused, over budget or taken from the cache).
     */
    void fetch(String outcome, String host, Duration took, boolean cached, boolean requested) {
        if (registry == null) return;
        Counter.builder("caravan.fetch")
                .description("Pages by fetch outcome")
                .tag("outcome", outcome)
                .register(registry)
                .increment();
        if (cached) {
            cacheHit("page");
        } else if (requested) {
            Timer.builder("caravan.fetch.duration")
                    .description("Time to fetch a page, per host (the first " + MAX_HOST_TAGS + " hosts; then "
                            + OTHER_HOST + ")")
                    .tag("host", hostTag(host))
                    .register(registry)
                    .record(took);
        }
    }

    /** A fetch task event of shared fetching (sent, received, redelivered, timed_out, dropped, expired, refused). */
    void fetchTask(String event) {
        if (registry == null) return;
        Counter.builder("caravan.fetch.tasks")
                .description("Fetch tasks shared between instances (research.fetch.shared), by event: sent, received,"
                        + " redelivered, timed_out (no result within the deadline), dropped (a late or repeated result),"
                        + " expired (past its deadline when received, not fetched), refused (not a fetch task)")
                .tag("event", event)
                .register(registry)
                .increment();
    }

    /** The host itself while fewer than {@value #MAX_HOST_TAGS} hosts have a series, else {@value #OTHER_HOST}. */
    private String hostTag(String host) {
        if (hostsTagged.contains(host)) return host;
        synchronized (hostsTagged) {
            if (hostsTagged.size() < MAX_HOST_TAGS) {
                hostsTagged.add(host);
                return host;
            }
            return hostsTagged.contains(host) ? host : OTHER_HOST;
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
        if (registry == null) return;
        Counter.builder("caravan.errors")
                .description("Failed jobs and searches")
                .tag("kind", kind)
                .register(registry)
                .increment();
    }
}
