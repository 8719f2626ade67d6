package dev.caravan.model;

import org.jspecify.annotations.Nullable;

/**
 * One URL to fetch for a query.
 *
 * @param order position in the query's list (search results first, then the job's own URLs)
 * @param url the URL as given
 * @param normalizedUrl the URL used for de-duplication and caching
 * @param hit the search result it came from, or null when the job listed it
 */
public record FetchTask(
        int order,
        String url,
        String normalizedUrl,
        @Nullable SearchHit hit) {

    public String origin() {
        return hit == null ? "job" : "search";
    }
}
