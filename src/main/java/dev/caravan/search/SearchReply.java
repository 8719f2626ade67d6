package dev.caravan.search;

import dev.caravan.model.SearchResults;
import org.jspecify.annotations.Nullable;

/**
 * Tavily's answer to one call: results, or a failure that retrying will not fix (bad key, quota, bad request).
 * Terminal failures travel as a value so the circuit breaker only counts faults of Tavily itself.
 *
 * @param results the results, or null on failure
 * @param failure the failure, or null on success
 */
public record SearchReply(
        @Nullable SearchResults results, @Nullable SearchException failure) {

    /** The results, or throws the terminal failure. */
    public SearchResults unwrap() {
        if (failure != null) throw failure;
        return results;
    }
}
