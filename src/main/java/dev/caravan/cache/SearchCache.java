package dev.caravan.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.caravan.model.SearchResults;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The search cache: each search answer, keyed by the whole request (provider included), reused for
 * {@code research.cache.ttl-seconds}, in memory (Caffeine) in front of the persistent {@link CacheStore}, so a job run
 * again after a restart does not pay for its searches again. When caching is off, nothing is kept. Thread-safe.
 */
public final class SearchCache {

    /** The stored body of a search entry. */
    record StoredSearch(SearchResults results) {}

    /** An answer held in memory, with the end of its TTL (it may have been read from the store late in it). */
    private record Held(SearchResults results, Instant freshUntil) {}

    private final @Nullable Cache<String, Held> memory;
    private final CacheStore store;
    private final Duration ttl;
    private final Clock clock;

    public SearchCache(CacheStore store, long maxEntries, Duration ttl, Clock clock) {
        this(Caffeine.newBuilder().maximumSize(maxEntries).expireAfterWrite(ttl).build(), store, ttl, clock);
    }

    private SearchCache(@Nullable Cache<String, Held> memory, CacheStore store, Duration ttl, Clock clock) {
        this.memory = memory;
        this.store = store;
        this.ttl = ttl;
        this.clock = clock;
    }

    /** A cache that keeps nothing ({@code research.cache.enabled = false}). */
    public static SearchCache off(Clock clock) {
        return new SearchCache(null, CacheStore.off("research.cache.enabled is false"), Duration.ZERO, clock);
    }

    /** The answer stored for {@code key} less than the TTL ago, if any. */
    public Optional<SearchResults> get(String key) {
        if (memory == null) return Optional.empty();
        Instant now = clock.instant();
        Held held = memory.getIfPresent(key);
        if (held != null && now.isBefore(held.freshUntil())) return Optional.of(held.results());
        Optional<CacheStore.Entry> row = store.get(CacheStore.Kind.SEARCH, key);
        if (row.isEmpty() || !now.isBefore(row.get().freshUntil())) return Optional.empty();
        StoredSearch stored = CacheCodec.decompressed(row.get().body(), StoredSearch.class);
        if (stored == null || stored.results() == null) {
            store.remove(CacheStore.Kind.SEARCH, key);
            return Optional.empty();
        }
        memory.put(key, new Held(stored.results(), row.get().freshUntil()));
        return Optional.of(stored.results());
    }

    /** Keeps an answer for the TTL. */
    public void put(String key, SearchResults results) {
        if (memory == null || ttl.isZero()) return;
        Instant until = clock.instant().plus(ttl);
        memory.put(key, new Held(results, until));
        store.put(CacheStore.Kind.SEARCH, key, CacheCodec.compressed(new StoredSearch(results)), null, until);
    }
}
