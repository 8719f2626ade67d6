package dev.caravan.model;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A fetched (or not) page as one query sees it.
 *
 * @param task what was asked for
 * @param page what came back
 * @param delivery how the page was had: fetched, fresh from the cache, revalidated (304) or fetched again
 * @param candidates the page's passages most relevant to the query (lexical first pass), best first
 * @param fetchedBy the Caravan instance that had the page for the query, when fetching is shared between instances
 *     ({@code research.fetch.shared}); null otherwise, and for a page that was not asked for (over the budget)
 */
public record PageResult(
        FetchTask task,
        FetchedPage page,
        Delivery delivery,
        List<Passage> candidates,
        @Nullable String fetchedBy) {

    public PageResult {
        delivery = delivery == null ? Delivery.FETCHED : delivery;
        candidates = List.copyOf(candidates);
    }

    /** A page had by this instance alone (fetching not shared). */
    public PageResult(FetchTask task, FetchedPage page, Delivery delivery, List<Passage> candidates) {
        this(task, page, delivery, candidates, null);
    }

    /** A page fetched ({@code fromCache} false) or taken fresh from the cache without a request (true). */
    public PageResult(FetchTask task, FetchedPage page, boolean fromCache, List<Passage> candidates) {
        this(task, page, fromCache ? Delivery.CACHED : Delivery.FETCHED, candidates, null);
    }

    /** True when the page came fresh from the cache, without a request. */
    public boolean fromCache() {
        return delivery == Delivery.CACHED;
    }
}
