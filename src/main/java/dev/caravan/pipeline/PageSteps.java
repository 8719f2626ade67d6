package dev.caravan.pipeline;

import com.github.benmanes.caffeine.cache.Cache;
import dev.caravan.extract.PageConverter;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.PageResult;
import dev.caravan.progress.Progress;
import dev.caravan.report.FindingSelector;
import dev.caravan.report.PageResults;
import dev.caravan.report.PageStore;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The steps of the fetch stage, one bean method per step of the {@code fetch-page} route, each taking and returning
 * the page's {@link PageWork}. Thread-safe.
 */
public class PageSteps {

    private final BudgetedPageFetcher fetcher;
    private final PageConverter converter;
    private final PageStore store;
    private final Cache<Object, Object> cache;
    private final PageClaims claims;
    private final FindingSelector findings;
    private final Progress progress;
    private final Clock clock;

    public PageSteps(
            BudgetedPageFetcher fetcher,
            PageConverter converter,
            PageStore store,
            Cache<Object, Object> cache,
            PageClaims claims,
            FindingSelector findings,
            Progress progress,
            Clock clock) {
        this.fetcher = fetcher;
        this.claims = claims;
        this.converter = converter;
        this.store = store;
        this.cache = cache;
        this.findings = findings;
        this.progress = progress;
        this.clock = clock;
    }

    public PageWork start(PageWork work) {
        progress.fetchStarted(work.query().run().job(), work.task());
        return work.startedAt(clock.instant());
    }

    /** The page from the cache when another query fetched it recently (copied into this job's folder if evicted). */
    public PageWork reuseCached(PageWork work) {
        if (work.claim().role() != PageClaims.Role.CACHED) return work;
        Object cached = cache.getIfPresent(work.task().normalizedUrl());
        Optional<FetchedPage> page = store.reuse(cached, work.query().run().folder());
        return page.map(p -> work.withPage(p, true)).orElse(work);
    }

    /**
     * Fetches the page, or waits for the running query that fetches it already; the future completes once the page's
     * host had its turn and the response arrived. A page over the job's page budget is not fetched and says why.
     */
    public CompletableFuture<PageWork> fetch(PageWork work) {
        PageClaims.Claim claim = work.claim();
        String url = work.task().url();
        return switch (claim.role()) {
            case OWNER -> fetcher.fetch(null, url).thenApply(work::withResponse);
            case REFUSED ->
                CompletableFuture.completedFuture(work.withResponse(
                        FetchResponse.failed(url, url, FetchOutcome.BUDGET_REACHED, claim.refusal(), null)));
            case FOLLOWER ->
                claim.page().thenCompose(page -> {
                    Optional<FetchedPage> shared = page == null || !page.fetched()
                            ? Optional.empty()
                            : store.reuse(page, work.query().run().folder());
                    if (shared.isPresent()) return CompletableFuture.completedFuture(work.withPage(shared.get(), true));
                    // the other query got no page: try again, as a query running after it would have
                    return fetcher.fetch(work.query().run().budget(), url).thenApply(work::withResponse);
                });
            // the cache entry expired between planning and now
            case CACHED -> fetcher.fetch(work.query().run().budget(), url).thenApply(work::withResponse);
        };
    }

    /** Converts the fetched response to Markdown and text blocks, writes a large page to disk, and caches it. */
    public PageWork convert(PageWork work) {
        if (work.result() != null || work.response() == null) return work;
        FetchedPage page = converter.convert(work.response());
        page = store.evictIfLarge(page, work.query().run().folder());
        if (page.fetched()) cache.put(work.task().normalizedUrl(), page);
        return work.withPage(page, false);
    }

    /** The page's passages most relevant to the query; the page's text itself is not kept past this point. */
    public PageWork select(PageWork work) {
        if (work.result() != null) return work;
        PageResult result = findings.candidates(
                work.task(), store.withBlocks(work.page()), work.query().query(), work.fromCache());
        return work.withResult(
                new PageResult(result.task(), result.page().withoutBlocks(), result.fromCache(), result.candidates()));
    }

    /** Records the page in the events log and metrics, with the query's count so far (e.g. {@code 3/5}). */
    public PageWork finish(PageWork work) {
        if (work.count() != null) return work;
        claims.release(work.task().normalizedUrl(), work.claim(), work.page());
        QueryRun query = work.query();
        long started = work.started() == null ? clock.millis() : work.started().toEpochMilli();
        return work.counted(progress.fetchFinished(
                query.run().job(), query.index(), query.tasks().size(), work.result(), started, work.bytes()));
    }

    /** Anything one page causes inside Caravan fails only that page, with the reason; its query goes on. */
    public PageWork failed(PageWork work, Throwable error) {
        return work.withResult(PageResults.internalError(work.task(), error));
    }
}
