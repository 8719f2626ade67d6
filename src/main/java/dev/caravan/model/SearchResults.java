package dev.caravan.model;

import java.util.List;

/**
 * What a search returned for one query.
 *
 * @param provider the provider's name, e.g. {@code tavily}; {@code none} when the query only listed URLs
 * @param answer the provider's own answer when one was asked for, else null
 * @param hits results in the provider's order
 * @param cached true when served from Caravan's cache without calling the provider
 */
public record SearchResults(String provider, String answer, List<SearchHit> hits, boolean cached) {

    public SearchResults {
        hits = List.copyOf(hits);
    }

    public static SearchResults none() {
        return new SearchResults("none", null, List.of(), false);
    }

    public SearchResults asCached() {
        return new SearchResults(provider, answer, hits, true);
    }
}
