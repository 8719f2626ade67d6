package dev.caravan.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.caravan.model.CacheHeaders;
import dev.caravan.model.FetchedPage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The page cache: what Caravan derived from each page it fetched (Markdown, text blocks, metadata), with the page's
 * validators and freshness, keyed by normalised URL. An in-memory cache (Caffeine, {@code research.cache.max-entries})
 * sits in front of the persistent {@link CacheStore}, which keeps the whole page across restarts; the memory holds the
 * page as it was handed to a job (a large page only as a reference to its file in that job's folder). Freshness
 * follows the site's caching headers ({@link HttpFreshness}); a page sent with {@code no-store} is never kept. When
 * caching is off, nothing is kept and every lookup misses. Thread-safe.
 */
public final class PageCache {

    /**
     * One cached page.
     *
     * @param page the page (from memory: as handed to a job; from the store: whole, Markdown and text blocks inline)
     * @param headers its caching headers: validators for a conditional request, and what its freshness came from
     * @param freshUntil until when it may be used without asking the site
     */
    public record Entry(FetchedPage page, CacheHeaders headers, Instant freshUntil) {
        public boolean fresh(Instant now) {
            return now.isBefore(freshUntil);
        }

        public Entry withPage(FetchedPage other) {
            return new Entry(other, headers, freshUntil);
        }
    }

    /** The stored body of a page entry. */
    record StoredPage(FetchedPage page) {}

    private final @Nullable Cache<String, Entry> memory;
    private final CacheStore store;
    private final Duration fallback;
    private final Clock clock;

    /**
     * @param store the persistent store (may be off)
     * @param maxEntries the most pages kept in memory
     * @param fallback how long a page stays fresh when its site says nothing ({@code research.cache.ttl-seconds})
     */
    public PageCache(CacheStore store, long maxEntries, Duration fallback, Clock clock) {
        this(
                Caffeine.newBuilder()
                        .maximumSize(maxEntries)
                        .expireAfterWrite(fallback.compareTo(Duration.ofHours(1)) > 0 ? fallback : Duration.ofHours(1))
                        .build(),
                store,
                fallback,
                clock);
    }

    private PageCache(@Nullable Cache<String, Entry> memory, CacheStore store, Duration fallback, Clock clock) {
        this.memory = memory;
        this.store = store;
        this.fallback = fallback;
        this.clock = clock;
    }

    /** A cache that keeps nothing ({@code research.cache.enabled = false}). */
    public static PageCache off(Clock clock) {
        return new PageCache(null, CacheStore.off("research.cache.enabled is false"), Duration.ZERO, clock);
    }

    /** True when a fresh copy of the page is cached: it can be used without a request. */
    public boolean isFresh(String key) {
        if (memory == null) return false;
        Instant now = clock.instant();
        Entry held = memory.getIfPresent(key);
        if (held != null && held.fresh(now)) return true;
        return store.freshUntil(CacheStore.Kind.PAGE, key).map(now::isBefore).orElse(false);
    }

    /** True when any copy of the page is cached, fresh or stale (its body is not read). */
    public boolean holds(String key) {
        if (memory == null) return false;
        return memory.getIfPresent(key) != null
                || store.freshUntil(CacheStore.Kind.PAGE, key).isPresent();
    }

    /** A fresh copy of the page, from memory or the store. */
    public Optional<Entry> fresh(String key) {
        if (memory == null) return Optional.empty();
        Instant now = clock.instant();
        Entry held = memory.getIfPresent(key);
        if (held != null && held.fresh(now)) return Optional.of(held);
        return stored(key).filter(e -> e.fresh(now));
    }

    /** Any copy of the page, fresh or stale, from memory or the store. */
    public Optional<Entry> any(String key) {
        if (memory == null) return Optional.empty();
        Entry held = memory.getIfPresent(key);
        return held != null ? Optional.of(held) : stored(key);
    }

    /**
     * The caching headers of a copy that has a validator (so a conditional request can ask whether it changed), read
     * without the page itself.
     */
    public Optional<CacheHeaders> validators(String key) {
        if (memory == null) return Optional.empty();
        Entry held = memory.getIfPresent(key);
        Optional<CacheHeaders> headers = held != null
                ? Optional.of(held.headers())
                : store.headers(CacheStore.Kind.PAGE, key).map(h -> CacheCodec.fromText(h, CacheHeaders.class));
        return headers.filter(CacheHeaders::hasValidator);
    }

    /** The whole page as the store keeps it; a body that cannot be read back is deleted. */
    private Optional<Entry> stored(String key) {
        Optional<CacheStore.Entry> row = store.get(CacheStore.Kind.PAGE, key);
        if (row.isEmpty()) return Optional.empty();
        StoredPage page = CacheCodec.decompressed(row.get().body(), StoredPage.class);
        CacheHeaders headers = CacheCodec.fromText(row.get().headers(), CacheHeaders.class);
        if (page == null || page.page() == null) {
            store.remove(CacheStore.Kind.PAGE, key);
            return Optional.empty();
        }
        return Optional.of(new Entry(
                page.page(),
                headers == null ? CacheHeaders.NONE : headers,
                row.get().freshUntil()));
    }

    /**
     * Caches a page just fetched: {@code whole} (Markdown and text blocks inline) goes to the store, {@code handed}
     * (as handed to the job) to memory, both with the freshness its {@code headers} give it from {@code receivedAt}.
     * A page sent with {@code no-store} is not kept, and a copy kept before is dropped.
     */
    public void put(String key, FetchedPage whole, FetchedPage handed, CacheHeaders headers, Instant receivedAt) {
        if (memory == null) return;
        HttpFreshness.Verdict verdict = HttpFreshness.of(headers, receivedAt, fallback);
        if (!verdict.storable()) {
            remove(key);
            return;
        }
        memory.put(key, new Entry(handed, headers, verdict.freshUntil()));
        if (whole.markdown() == null) return; // only a whole page is worth keeping across restarts
        store.put(
                CacheStore.Kind.PAGE,
                key,
                CacheCodec.compressed(new StoredPage(whole)),
                CacheCodec.text(headers),
                verdict.freshUntil());
    }

    /**
     * A cached page the site confirmed with {@code 304 Not Modified} at {@code receivedAt}: its caching headers are
     * updated with the 304's (RFC 9111 4.3.4) and its freshness starts again; {@code handed} is the page as handed to
     * the job. Returns the updated entry.
     */
    public Entry revalidated(String key, Entry old, CacheHeaders notModified, FetchedPage handed, Instant receivedAt) {
        CacheHeaders headers = old.headers().updatedBy(notModified);
        HttpFreshness.Verdict verdict = HttpFreshness.of(headers, receivedAt, fallback);
        Entry updated = new Entry(handed, headers, verdict.freshUntil());
        if (memory == null) return updated;
        if (!verdict.storable()) {
            remove(key);
            return updated;
        }
        memory.put(key, updated);
        store.refresh(CacheStore.Kind.PAGE, key, CacheCodec.text(headers), verdict.freshUntil());
        return updated;
    }

    /** Keeps {@code entry} in memory (a page read from the store, as handed to a job). */
    public void remember(String key, Entry entry) {
        if (memory != null) memory.put(key, entry);
    }

    /** Drops the page from memory and the store. */
    public void remove(String key) {
        if (memory == null) return;
        memory.invalidate(key);
        store.remove(CacheStore.Kind.PAGE, key);
    }
}
