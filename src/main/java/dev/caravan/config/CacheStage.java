package dev.caravan.config;

import dev.caravan.cache.CacheStore;
import dev.caravan.cache.PageCache;
import dev.caravan.cache.SearchCache;
import dev.caravan.model.LogText;
import dev.caravan.model.SearchResults;
import dev.caravan.search.ResultCache;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the caches from the {@code research.cache.*} keys: the persistent store (opened now; a problem with it is a
 * warning, and the caches then live in memory only), and in front of it the page cache and the search cache, each
 * typed by what it keeps. Off, nothing is kept anywhere.
 */
final class CacheStage {

    private static final Logger LOG = LoggerFactory.getLogger("caravan");

    record Built(CacheSettings settings, CacheStore store, PageCache pages, SearchCache searches) {

        /** The searcher's view of the search cache. */
        ResultCache searchResults() {
            return new ResultCache() {
                @Override
                public Optional<SearchResults> get(String key) {
                    return searches.get(key);
                }

                @Override
                public void put(String key, SearchResults results) {
                    searches.put(key, results);
                }
            };
        }
    }

    private CacheStage() {}

    static Built open(PropertyReader props, Clock clock) {
        CacheSettings settings = CacheSettings.read(props);
        CacheStore store = settings.open(clock, LOG::warn);
        LOG.info(line(settings, store));
        if (!settings.enabled()) return new Built(settings, store, PageCache.off(clock), SearchCache.off(clock));
        return new Built(
                settings,
                store,
                new PageCache(store, settings.maxEntries(), settings.ttl(), clock),
                new SearchCache(store, settings.maxEntries(), settings.ttl(), clock));
    }

    /** The startup line about the cache: where it is and how full, or why it is off. */
    static String line(CacheSettings settings, CacheStore store) {
        if (!settings.enabled()) return "cache off (research.cache.enabled = false): every page and search is fetched";
        if (!store.enabled())
            return "persistent cache off (" + store.offReason() + "): pages and searches are cached in"
                    + " memory only, for this run";
        return "cache " + store.file() + ": " + store.usedBytes() / 1024 + " KiB of " + settings.maxBytes() / 1024
                + " KiB used, " + LogText.count(store.entries(CacheStore.Kind.PAGE), "page", "pages") + ", "
                + LogText.count(store.entries(CacheStore.Kind.SEARCH), "search", "searches") + "; searches reused for "
                + settings.ttl().toSeconds() + " s, pages as their sites say (else as long)";
    }
}
