package dev.caravan.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.FakeClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SQLite store: entries survive a reopen, the size cap evicts the least recently used, failures never throw. */
class CacheStoreTest {

    @TempDir
    Path dir;

    private final FakeClock clock = FakeClock.at("2026-05-06T12:00:00Z");
    private final List<String> warnings = new ArrayList<>();
    private static final Instant LATER = Instant.parse("2026-05-07T12:00:00Z");

    private CacheStore open(long maxBytes) {
        return CacheStore.open(dir, maxBytes, clock, warnings::add);
    }

    /** Bytes that do not compress, so each entry takes its size in the file. */
    private static byte[] noise(int size, int seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    @Test
    void an_entry_survives_closing_and_opening_the_store_again() {
        try (CacheStore store = open(1 << 24)) {
            store.put(CacheStore.Kind.PAGE, "https://a.example/", "body".getBytes(StandardCharsets.UTF_8), "{}", LATER);
        }
        try (CacheStore store = open(1 << 24)) {
            CacheStore.Entry entry =
                    store.get(CacheStore.Kind.PAGE, "https://a.example/").orElseThrow();
            assertThat(new String(entry.body(), StandardCharsets.UTF_8)).isEqualTo("body");
            assertThat(entry.headers()).isEqualTo("{}");
            assertThat(entry.freshUntil()).isEqualTo(LATER);
            assertThat(store.get(CacheStore.Kind.SEARCH, "https://a.example/")).isEmpty();
            assertThat(store.entries(CacheStore.Kind.PAGE)).isEqualTo(1);
        }
        assertThat(warnings).isEmpty();
    }

    @Test
    void over_its_cap_the_store_deletes_the_least_recently_used_entries_first() {
        long cap = 2L << 20; // 2 MiB; entries of 100 KB: about 20 fit
        try (CacheStore store = open(cap)) {
            for (int i = 0; i < 15; i++) store.put(CacheStore.Kind.PAGE, "k" + i, noise(100_000, i), null, LATER);
            assertThat(store.get(CacheStore.Kind.PAGE, "k0")).isPresent(); // k0 used: now the most recent
            for (int i = 15; i < 25; i++) store.put(CacheStore.Kind.PAGE, "k" + i, noise(100_000, i), null, LATER);

            assertThat(store.usedBytes()).isLessThanOrEqualTo(cap);
            assertThat(store.entries(CacheStore.Kind.PAGE)).as("some evicted").isBetween(12L, 21L);
            assertThat(store.get(CacheStore.Kind.PAGE, "k24")).as("the newest").isPresent();
            assertThat(store.get(CacheStore.Kind.PAGE, "k0"))
                    .as("the oldest, but used since")
                    .isPresent();
            assertThat(store.get(CacheStore.Kind.PAGE, "k1"))
                    .as("the oldest unused")
                    .isEmpty();
        }
        assertThat(Files.exists(dir.resolve(CacheStore.FILE))).isTrue();
    }

    @Test
    void a_damaged_file_is_set_aside_with_a_warning_and_an_empty_store_starts() throws IOException {
        Files.write(
                dir.resolve(CacheStore.FILE),
                "this is not a database, it is a damaged file ".repeat(200).getBytes(StandardCharsets.UTF_8));

        try (CacheStore store = open(1 << 24)) {
            assertThat(store.enabled()).isTrue();
            store.put(CacheStore.Kind.SEARCH, "q", new byte[] {1, 2, 3}, null, LATER);
            assertThat(store.get(CacheStore.Kind.SEARCH, "q")).isPresent();
        }
        assertThat(warnings).singleElement().asString().contains("damaged").contains(".corrupt-20260506T120000Z");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .contains(CacheStore.FILE, CacheStore.FILE + ".corrupt-20260506T120000Z");
        }
    }

    @Test
    void a_folder_that_cannot_be_made_switches_the_store_off_with_a_warning_and_every_call_still_answers()
            throws IOException {
        Path notAFolder = Files.writeString(dir.resolve("file"), "a file where the cache folder should be");

        try (CacheStore store = CacheStore.open(notAFolder.resolve("cache"), 1 << 24, clock, warnings::add)) {
            assertThat(store.enabled()).isFalse();
            store.put(CacheStore.Kind.PAGE, "k", new byte[] {1}, null, LATER);
            assertThat(store.get(CacheStore.Kind.PAGE, "k")).isEmpty();
            assertThat(store.freshUntil(CacheStore.Kind.PAGE, "k")).isEmpty();
            assertThat(store.usedBytes()).isZero();
            assertThat(store.clear()).isZero();
        }
        assertThat(warnings)
                .singleElement()
                .asString()
                .contains("persistent cache off")
                .contains("jobs go on");
    }

    @Test
    void a_full_disk_switches_the_store_off_with_a_warning_and_the_writes_after_it_are_dropped() {
        // SQLite's page limit answers SQLITE_FULL exactly as a full disk does
        try (CacheStore store = CacheStore.open(dir, 1L << 30, clock, warnings::add, 8)) {
            for (int i = 0; i < 20 && store.enabled(); i++)
                store.put(CacheStore.Kind.PAGE, "k" + i, noise(8_000, i), null, LATER);

            assertThat(store.enabled()).isFalse();
            assertThat(store.offReason()).contains("full");
            store.put(CacheStore.Kind.PAGE, "after", new byte[] {1}, null, LATER);
            assertThat(store.get(CacheStore.Kind.PAGE, "after")).isEmpty();
        }
        assertThat(warnings).singleElement().asString().contains("persistent cache off");
    }

    @Test
    void clear_deletes_every_entry() {
        try (CacheStore store = open(1 << 24)) {
            store.put(CacheStore.Kind.PAGE, "a", new byte[] {1}, null, LATER);
            store.put(CacheStore.Kind.SEARCH, "b", new byte[] {2}, null, LATER);

            assertThat(store.clear()).isEqualTo(2);
            assertThat(store.get(CacheStore.Kind.PAGE, "a")).isEmpty();
            assertThat(store.entries(CacheStore.Kind.SEARCH)).isZero();
        }
    }
}
