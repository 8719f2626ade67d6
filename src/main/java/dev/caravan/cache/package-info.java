/**
 * The persistent page and search cache: an SQLite file under {@code research.cache.dir} ({@link
 * dev.caravan.cache.CacheStore}), capped in size with the least recently used entries evicted first, and HTTP
 * freshness after RFC 9111 ({@link dev.caravan.cache.HttpFreshness}). A damaged store is set aside and rebuilt, and a
 * store that cannot be written (read-only folder, full disk) is switched off: the cache never fails a job.
 *
 * <p>May depend on {@code model}; no Camel types.
 */
@NullMarked
package dev.caravan.cache;

import org.jspecify.annotations.NullMarked;
