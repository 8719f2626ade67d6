package dev.caravan.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.CacheHeaders;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.PageMetadata;
import dev.caravan.model.PageType;
import dev.caravan.model.Retrieval;
import dev.caravan.model.TextBlock;
import dev.caravan.testing.FakeClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The page cache in front of the store: what a restart keeps, what is never kept, and what a 304 refreshes. */
class PageCacheTest {

    private static final String KEY = "https://a.example/page";

    @TempDir
    Path dir;

    private final FakeClock clock = FakeClock.at("2026-05-06T12:00:00Z");

    private PageCache cache(CacheStore store) {
        return new PageCache(store, 100, Duration.ofHours(1), clock);
    }

    private CacheStore store() {
        return CacheStore.open(dir, 1 << 24, clock, w -> {});
    }

    private static FetchedPage page() {
        return new FetchedPage(
                new Retrieval(KEY, KEY + "?final", 200, Instant.parse("2026-05-06T12:00:00Z")),
                FetchOutcome.OK,
                null,
                "text/html; charset=utf-8",
                new PageMetadata("Title", KEY, "Site", "Ada", "2026-01-02", "en", "About it", PageType.ARTICLE),
                "# Title\n\nA paragraph with `code`.",
                null,
                33,
                "A paragraph",
                List.of(
                        new TextBlock(TextBlock.Kind.HEADING, "Title"),
                        new TextBlock(TextBlock.Kind.CODE, "line one\n\tline two")));
    }

    private static CacheHeaders headers(String cacheControl) {
        return new CacheHeaders("\"v1\"", "Wed, 06 May 2026 10:00:00 GMT", cacheControl, null, null, null);
    }

    @Test
    void after_a_restart_the_whole_page_comes_back_from_the_store_with_its_validators() {
        try (CacheStore store = store()) {
            cache(store).put(KEY, page(), page(), headers("max-age=600"), clock.instant());
        }
        try (CacheStore store = store()) {
            PageCache restarted = cache(store);
            assertThat(restarted.isFresh(KEY)).isTrue();
            PageCache.Entry entry = restarted.fresh(KEY).orElseThrow();
            assertThat(entry.page()).isEqualTo(page());
            assertThat(entry.headers()).isEqualTo(headers("max-age=600"));
            assertThat(restarted.validators(KEY)).contains(headers("max-age=600"));
        }
    }

    @Test
    void a_stale_page_is_not_fresh_but_keeps_its_validators_for_a_conditional_request() {
        try (CacheStore store = store()) {
            PageCache cache = cache(store);
            cache.put(KEY, page(), page(), headers("no-cache"), clock.instant());

            assertThat(cache.isFresh(KEY)).isFalse();
            assertThat(cache.fresh(KEY)).isEmpty();
            assertThat(cache.holds(KEY)).isTrue();
            assertThat(cache.validators(KEY)).map(CacheHeaders::etag).contains("\"v1\"");
        }
    }

    @Test
    void a_page_sent_with_no_store_is_never_stored_and_drops_an_older_copy() {
        try (CacheStore store = store()) {
            PageCache cache = cache(store);
            cache.put(KEY, page(), page(), headers("max-age=600"), clock.instant());
            cache.put(KEY, page(), page(), headers("no-store"), clock.instant());

            assertThat(cache.holds(KEY)).isFalse();
            assertThat(store.entries(CacheStore.Kind.PAGE)).isZero();
        }
        try (CacheStore store = store()) {
            assertThat(cache(store).any(KEY)).isEmpty();
        }
    }

    @Test
    void a_304_updates_the_stored_headers_and_starts_the_freshness_again() {
        try (CacheStore store = store()) {
            PageCache cache = cache(store);
            cache.put(KEY, page(), page(), headers("max-age=60"), clock.instant());
            clock.advance(Duration.ofMinutes(5));
            PageCache.Entry stale = cache.any(KEY).orElseThrow();
            assertThat(cache.isFresh(KEY)).isFalse();

            cache.revalidated(
                    KEY,
                    stale,
                    new CacheHeaders("\"v1\"", null, "max-age=120", null, null, null),
                    page(),
                    clock.instant());

            assertThat(cache.isFresh(KEY)).isTrue();
            assertThat(store.freshUntil(CacheStore.Kind.PAGE, KEY))
                    .contains(clock.instant().plusSeconds(120));
        }
        try (CacheStore store = store()) {
            assertThat(cache(store).validators(KEY))
                    .map(CacheHeaders::lastModified)
                    .contains("Wed, 06 May 2026 10:00:00 GMT");
        }
    }

    @Test
    void with_caching_off_nothing_is_kept() {
        PageCache off = PageCache.off(clock);
        off.put(KEY, page(), page(), headers("max-age=600"), clock.instant());

        assertThat(off.isFresh(KEY)).isFalse();
        assertThat(off.any(KEY)).isEmpty();
        assertThat(off.validators(KEY)).isEmpty();
    }
}
