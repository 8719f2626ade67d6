package dev.caravan.config;

import java.util.concurrent.ExecutorService;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.ThreadPoolProfileBuilder;

/**
 * Registers the thread pools: {@code queryPool} ({@code research.jobs.parallel-queries} threads), where a job's queries
 * run and wait for their search; {@code pagePool} and the page work pool (one thread per core each), where pages are
 * handed out and converted. Camel shuts them down when it stops.
 */
final class Pools {

    private Pools() {}

    /**
     * The pool where results of shared fetching are read and their pages ranked, apart from the pages this instance
     * fetches and converts for others, so a fetching consumer never waits behind this instance's ranking.
     */
    static ExecutorService fetchResults(CamelContext context, Object owner) {
        int cores = Runtime.getRuntime().availableProcessors();
        return context.getExecutorServiceManager().newThreadPool(owner, "fetchResults", cores, cores);
    }

    /** Registers the profiles the routes name and returns the pool where a page's work goes on after its fetch. */
    static ExecutorService register(CamelContext context, PropertyReader props, Object owner) {
        int queryThreads = props.intIn("research.jobs.parallel-queries", 1, 1000, "queries");
        int cores = Runtime.getRuntime().availableProcessors();
        // queries block only while they search: their pages wait for the scheduler without holding a thread
        context.getExecutorServiceManager()
                .registerThreadPoolProfile(new ThreadPoolProfileBuilder("queryPool")
                        .poolSize(queryThreads)
                        .maxPoolSize(queryThreads)
                        .maxQueueSize(-1)
                        .build());
        // pages are handed out and converted here; conversion is CPU work, so one thread per core is enough
        context.getExecutorServiceManager()
                .registerThreadPoolProfile(new ThreadPoolProfileBuilder("pagePool")
                        .poolSize(cores)
                        .maxPoolSize(cores)
                        .maxQueueSize(-1)
                        .build());
        return context.getExecutorServiceManager().newThreadPool(owner, "pageWork", cores, cores);
    }
}
