package dev.caravan.model;

import java.util.List;

/**
 * A fetched (or not) page as one query sees it.
 *
 * @param task what was asked for
 * @param page what came back
 * @param delivery how the page was had: fetched, fresh from the cache, revalidated (304) or fetched again
 * @param candidates the page's passages most relevant to the query (lexical first pass), best first
 */
public record PageResult(FetchTask task, FetchedPage page, Delivery delivery, List<Passage> candidates) {

    public PageResult {
        delivery = delivery == null ? Delivery.FETCHED : delivery;
        candidates = List.copyOf(candidates);
    }

    /** A page fetched ({@code fromCache} false) or taken fresh from the cache without a request (true). */
    public PageResult(FetchTask task, FetchedPage page, boolean fromCache, List<Passage> candidates) {
        this(task, page, fromCache ? Delivery.CACHED : Delivery.FETCHED, candidates);
    }

    /** True when the page came fresh from the cache, without a request. */
    public boolean fromCache() {
        return delivery == Delivery.CACHED;
    }
}
