package dev.caravan.pipeline;

import dev.caravan.cache.PageCache;
import dev.caravan.extract.PageConverter;
import dev.caravan.model.CacheHeaders;
import dev.caravan.model.Delivery;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.PageResult;
import dev.caravan.model.Retrieval;
import dev.caravan.pages.FindingSelector;
import dev.caravan.pages.PageResults;
import dev.caravan.pages.PageStore;
import dev.caravan.progress.Progress;
import dev.caravan.search.SearchBudget;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The steps of the fetch stage, one bean method per step of the {@code fetch-page} route, each taking and returning
 * the page's {@link PageWork}. A page is had in one of four ways ({@link Delivery}): fresh from the cache without a
 * request; revalidated, when a stale cached copy's validators got {@code 304 Not Modified} (the stored page is reused,
 * not converted again); fetched again, when the site sent the page anew; or fetched, when nothing was cached.
 * Thread-safe.
 */
public class PageSteps {

    private final BudgetedPageFetcher fetcher;
    private final PageConverter converter;
    private final PageStore store;
    private final PageCache cache;
    private final PageClaims claims;
    private final FindingSelector findings;
    private final Progress progress;
    private final Clock clock;
    private final @Nullable SharedFetches shared;

    public PageSteps(
            BudgetedPageFetcher fetcher,
            PageConverter converter,
            PageStore store,
            PageCache cache,
            PageClaims claims,
            FindingSelector findings,
            Progress progress,
            Clock clock) {
        this(fetcher, converter, store, cache, claims, findings, progress, clock, null);
    }

    /**
     * @param shared when fetching is shared between instances ({@code research.fetch.shared}): the pages this instance
     *     would request go to the fetch queue instead; null when this instance fetches its own pages
     */
    public PageSteps(
            BudgetedPageFetcher fetcher,
            PageConverter converter,
            PageStore store,
            PageCache cache,
            PageClaims claims,
            FindingSelector findings,
            Progress progress,
            Clock clock,
            @Nullable SharedFetches shared) {
        this.shared = shared;
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

    /**
     * The page fresh from the cache (memory, or the persistent store after a restart), made ready in this job's folder
     * (a large page written or copied to its {@code pages/}).
     */
    public PageWork reuseCached(PageWork work) {
        if (work.claim().role() != PageClaims.Role.CACHED) return work;
        String key = work.task().normalizedUrl();
        return cache.fresh(key)
                .flatMap(entry -> forJob(key, entry, work))
                .map(p -> work.withPage(p, Delivery.CACHED).by(instance()))
                .orElse(work);
    }

    /** A cached page as this job's: written (or copied) into its folder when large, and kept in memory as such. */
    private Optional<FetchedPage> forJob(String key, PageCache.Entry entry, PageWork work) {
        String folder = work.query().run().folder();
        Optional<FetchedPage> page = store.reuse(entry.page(), folder).map(p -> store.evictIfLarge(p, folder));
        page.ifPresent(p -> cache.remember(key, entry.withPage(p)));
        return page;
    }

    /**
     * Fetches the page, or waits for the running query that fetches it already; the future completes once the page's
     * host had its turn and the response arrived. A page over the job's page budget is not fetched and says why.
     */
    public CompletableFuture<PageWork> fetch(PageWork work) {
        PageClaims.Claim claim = work.claim();
        String url = work.task().url();
        return switch (claim.role()) {
            case OWNER -> have(work, null);
            case REFUSED ->
                CompletableFuture.completedFuture(work.withResponse(
                        FetchResponse.failed(url, url, FetchOutcome.BUDGET_REACHED, claim.refusal(), null),
                        Delivery.FETCHED));
            case FOLLOWER ->
                claim.page().thenCompose(page -> {
                    Optional<FetchedPage> shared = page == null || !page.fetched()
                            ? Optional.empty()
                            : store.reuse(page, work.query().run().folder());
                    if (shared.isPresent())
                        return CompletableFuture.completedFuture(
                                work.withPage(shared.get(), Delivery.CACHED).by(instance()));
                    // the other query got no page: try again, as a query running after it would have
                    return have(work, work.query().run().budget());
                });
            // the cache entry expired between planning and now
            case CACHED -> have(work, work.query().run().budget());
        };
    }

    /** The name of this instance when fetching is shared, else null. */
    private @Nullable String instance() {
        return shared == null ? null : shared.instance();
    }

    /**
     * Fetches the page; when a stale copy with validators is cached, the request is conditional, and a
     * {@code 304 Not Modified} reuses that copy. Only the validators are read before the request; the stored page is
     * read once the site says it is unchanged (and fetched anew in the rare case it was evicted meanwhile).
     */
    private CompletableFuture<PageWork> have(PageWork work, SearchBudget.@Nullable Job budget) {
        String key = work.task().normalizedUrl();
        Optional<CacheHeaders> validators = cache.validators(key);
        Delivery fetched = validators.isPresent() || cache.holds(key) ? Delivery.REFETCHED : Delivery.FETCHED;
        return request(work, budget, validators.orElse(null)).thenCompose(had -> {
            if (!had.response().notModified())
                return CompletableFuture.completedFuture(
                        work.withResponse(had.response(), fetched).by(had.by()));
            Optional<PageWork> reused = cache.any(key).flatMap(entry -> revalidated(work, key, entry, had.response()));
            if (reused.isPresent())
                return CompletableFuture.completedFuture(reused.get().by(had.by()));
            return request(work, null, null)
                    .thenApply(again -> work.withResponse(again.response(), Delivery.REFETCHED)
                            .by(again.by()));
        });
    }

    /**
     * Asks the page's host: through this instance's scheduler, or, when fetching is shared, through whichever instance
     * the broker gives the page's host to (a URL without a host Caravan fetches fails here, as it would anywhere).
     */
    private CompletableFuture<Fetched> request(
            PageWork work, SearchBudget.@Nullable Job budget, @Nullable CacheHeaders validators) {
        String url = work.task().url();
        if (shared != null) {
            Optional<String> host = SharedFetches.hostKey(url);
            if (host.isPresent()) return shared.fetch(work, host.get(), budget, validators);
        }
        return fetcher.fetch(budget, url, validators, work.fetchOrder())
                .thenApply(response -> new Fetched(response, null));
    }

    /** The stored page the site confirmed unchanged, as of now, in this job's folder; its freshness starts again. */
    private Optional<PageWork> revalidated(
            PageWork work, String key, PageCache.Entry entry, FetchResponse notModified) {
        Instant now = clock.instant();
        Retrieval stored = entry.page().retrieval();
        PageCache.Entry confirmed = entry.withPage(
                entry.page().withRetrieval(new Retrieval(stored.url(), stored.finalUrl(), stored.httpStatus(), now)));
        Optional<FetchedPage> page = forJob(key, confirmed, work);
        page.ifPresent(p -> cache.revalidated(key, confirmed, notModified.caching(), p, now));
        return page.map(p -> work.withPage(p, Delivery.REVALIDATED));
    }

    /**
     * Converts the fetched response to Markdown and text blocks, writes a large page to disk, and caches it (the whole
     * page in the persistent store, with its validators and freshness; unless the site said {@code no-store}).
     */
    public PageWork convert(PageWork work) {
        if (work.result() != null || work.response() == null) return work;
        FetchedPage whole = converter.convert(work.response());
        FetchedPage page = store.evictIfLarge(whole, work.query().run().folder());
        if (page.fetched()) {
            Instant received = whole.retrieval().fetchedAt() == null
                    ? clock.instant()
                    : whole.retrieval().fetchedAt();
            cache.put(work.task().normalizedUrl(), whole, page, work.response().caching(), received);
        }
        return work.withPage(page, work.delivery());
    }

    /** The page's passages most relevant to the query; the page's text itself is not kept past this point. */
    public PageWork select(PageWork work) {
        if (work.result() != null) return work;
        PageResult result = findings.candidates(
                work.task(), store.withBlocks(work.page()), work.query().query(), work.fromCache());
        return work.withResult(new PageResult(
                result.task(), result.page().withoutBlocks(), work.delivery(), result.candidates(), work.fetchedBy()));
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
