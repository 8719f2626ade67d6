package dev.caravan.model;

import java.util.List;

/**
 * A fetched (or not) page as one query sees it.
 *
 * @param task what was asked for
 * @param page what came back
 * @param fromCache true when the page came from the cache without a request
 * @param candidates the page's passages most relevant to the query (lexical first pass), best first
 */
public record PageResult(FetchTask task, FetchedPage page, boolean fromCache, List<Passage> candidates) {

    public PageResult {
        candidates = List.copyOf(candidates);
    }
}
