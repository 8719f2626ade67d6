package dev.caravan.model;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a search returned for one query.
 *
 * @param provider the provider's name, e.g. {@code tavily}; {@code none} when the query only listed URLs
 * @param answer the provider's own answer when one was asked for, else null
 * @param hits results in the provider's order
 * @param cached true when served from Caravan's cache without calling the provider
 * @param notes what the report must say about the search: options the provider could not honour, a fallback
 */
public record SearchResults(
        String provider, @Nullable String answer, List<SearchHit> hits, boolean cached, List<String> notes) {

    public SearchResults {
        hits = List.copyOf(hits);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    public SearchResults(String provider, String answer, List<SearchHit> hits, boolean cached) {
        this(provider, answer, hits, cached, List.of());
    }

    /** The same results with more notes for the report. */
    public SearchResults withNotes(List<String> more) {
        if (more.isEmpty()) return this;
        List<String> all = new java.util.ArrayList<>(notes);
        all.addAll(more);
        return new SearchResults(provider, answer, hits, cached, all);
    }

    /** The same results, only the first {@code n} hits kept (a provider may answer more than it was asked for). */
    public SearchResults firstHits(int n) {
        if (hits.size() <= n) return this;
        return new SearchResults(provider, answer, hits.subList(0, Math.max(0, n)), cached, notes);
    }

    /** The provider's name as people write it. */
    public String providerLabel() {
        if (provider.contains("+")) {
            return java.util.Arrays.stream(provider.split("\\+"))
                    .map(p -> new SearchResults(p, null, List.of(), false).providerLabel())
                    .collect(java.util.stream.Collectors.joining(" + "));
        }
        return switch (provider) {
            case "tavily" -> "Tavily";
            case "serper" -> "Serper";
            case "brave" -> "Brave Search";
            case "searxng" -> "SearXNG";
            default -> provider;
        };
    }

    public static SearchResults none() {
        return new SearchResults("none", null, List.of(), false);
    }

    /** A query that was not searched, with the reason (a budget was reached). */
    public static SearchResults notSearched(String reason) {
        return new SearchResults("not-searched", null, List.of(), false, List.of(reason));
    }

    /** True when the query was not searched because a budget was reached; the first note says which. */
    public boolean wasNotSearched() {
        return provider.equals("not-searched");
    }

    public SearchResults asCached() {
        return new SearchResults(provider, answer, hits, true, notes);
    }
}
