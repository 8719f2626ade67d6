package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.cache.CacheStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A damaged cache file never fails a job: it is set aside, an empty cache is started, and the job runs. */
class DamagedCacheRouteTest extends PipelineTestSupport {

    @Override
    void overrides(Properties p) {
        try {
            Path cache = Files.createDirectories(work.resolve("cache"));
            Files.writeString(cache.resolve(CacheStore.FILE), "not an SQLite file at all. ".repeat(300));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A job that fetches one page, and its report; nothing failed. */
    static void aJobRuns(PipelineTestSupport test) throws Exception {
        test.site.page("/robots.txt", 404, "text/plain", "");
        test.site.page("/a", 200, "text/html", article("Fine", "A page that is fetched fine, cache or no cache."));
        test.drop("cached.json", "{\"urls\": [\"" + test.site.url("/a") + "\"]}");

        test.awaitMoved("processed", "cached.json", 1);
        assertThat(read(test.awaitReport("cached/pages-127-0-0-1.md"))).contains("### [1] Fine");
        assertThat(list(test.input().resolve("failed"), "")).isEmpty();
    }

    @Test
    void a_damaged_store_is_set_aside_and_rebuilt_and_the_job_runs_and_is_cached() throws Exception {
        aJobRuns(this);

        try (Stream<Path> files = Files.list(work.resolve("cache"))) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .contains(CacheStore.FILE)
                    .anyMatch(name -> name.startsWith(CacheStore.FILE + ".corrupt-"));
        }
        context.stop(); // closes the store
        try (CacheStore store = CacheStore.open(work.resolve("cache"), 1 << 24, Clock.systemUTC(), w -> {})) {
            assertThat(store.entries(CacheStore.Kind.PAGE))
                    .as("the rebuilt store caches again")
                    .isEqualTo(1);
        }
    }
}
