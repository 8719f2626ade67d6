package dev.caravan.config;

import dev.caravan.cache.CacheStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The {@code research.cache.*} keys, read once and checked at startup.
 *
 * @param enabled false: nothing is cached, in memory or on disk, and every page and search is fetched anew
 * @param dir the folder of the persistent store
 * @param maxBytes the most the store may hold (the pages SQLite uses); the least recently used entries go first
 * @param ttl how long a search answer is reused, and a page whose site says nothing about its freshness
 * @param maxEntries the most search answers, and the most pages, kept in memory in front of the store
 */
public record CacheSettings(boolean enabled, Path dir, long maxBytes, Duration ttl, long maxEntries) {

    /** The smallest cap: below it, a few pages would already evict each other. */
    static final long MIN_BYTES = 1L << 20;

    public static CacheSettings read(PropertyReader props) {
        String dir = props.string("research.cache.dir");
        if (dir.isBlank() || dir.contains("\u0000")) {
            throw PropertyReader.notAllowed(
                    "research.cache.dir",
                    dir,
                    "give the cache's folder, such as data/cache (to run without a cache, set research.cache.enabled"
                            + " = false)");
        }
        return new CacheSettings(
                props.flag("research.cache.enabled"),
                Path.of(dir),
                props.longIn("research.cache.max-bytes", MIN_BYTES, 1L << 40, "bytes"),
                Duration.ofSeconds(props.longIn("research.cache.ttl-seconds", 0, 365L * 86_400, "seconds")),
                props.longIn("research.cache.max-entries", 1, 10_000_000, "entries"));
    }

    /** The persistent store, opened now (off when caching is off); problems go to {@code warnings}, never thrown. */
    public CacheStore open(Clock clock, Consumer<String> warnings) {
        if (!enabled) return CacheStore.off("research.cache.enabled is false");
        return CacheStore.open(dir, maxBytes, clock, warnings);
    }
}
