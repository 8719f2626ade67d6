package dev.caravan.search;

import com.github.benmanes.caffeine.cache.Cache;
import dev.caravan.model.SearchResults;
import java.util.Optional;

/** Where search answers are kept, by the whole request's cache key ({@link SearchCall#cacheKey()}). Thread-safe. */
public interface ResultCache {

    /** The answer kept for {@code key}, if it is still fresh. */
    Optional<SearchResults> get(String key);

    /** Keeps an answer. */
    void put(String key, SearchResults results);

    /** A cache in memory only. */
    static ResultCache inMemory(Cache<String, SearchResults> cache) {
        return new ResultCache() {
            @Override
            public Optional<SearchResults> get(String key) {
                return Optional.ofNullable(cache.getIfPresent(key));
            }

            @Override
            public void put(String key, SearchResults results) {
                cache.put(key, results);
            }
        };
    }
}
