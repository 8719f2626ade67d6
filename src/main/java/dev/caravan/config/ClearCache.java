package dev.caravan.config;

import dev.caravan.cache.CacheStore;
import dev.caravan.model.LogText;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./caravan --clear-cache}: empties the persistent cache named by {@code research.cache.dir} and exits. It goes
 * through SQLite, so another Caravan using the same folder keeps a consistent file (it may have to wait for its lock);
 * a damaged file, or one that cannot be opened, is deleted instead.
 */
public final class ClearCache {

    /** The command-line option. */
    public static final String OPTION = "--clear-cache";

    private ClearCache() {}

    /** Clears the cache and returns the line to print. */
    public static String run(PropertyReader props) throws IOException {
        CacheSettings settings = CacheSettings.read(props);
        List<String> warnings = new ArrayList<>();
        try (CacheStore store =
                CacheStore.open(settings.dir(), settings.maxBytes(), Clock.systemUTC(), warnings::add)) {
            if (store.enabled()) {
                int removed = store.clear();
                if (store.enabled()) {
                    int asideFiles = deleteSetAside(settings);
                    return "cache cleared: " + LogText.count(removed, "entry", "entries") + " removed from "
                            + store.file()
                            + (asideFiles > 0
                                    ? ", " + LogText.count(asideFiles, "damaged file", "damaged files") + " deleted"
                                    : "");
                }
            }
        }
        int deleted = CacheStore.deleteFiles(settings.dir());
        return "cache cleared: " + LogText.count(deleted, "file", "files") + " deleted in " + settings.dir()
                + (warnings.isEmpty() ? "" : " (" + String.join("; ", warnings) + ")");
    }

    /** Deletes the damaged files set aside earlier ({@code caravan-cache.db.corrupt-*}). */
    private static int deleteSetAside(CacheSettings settings) throws IOException {
        int deleted = 0;
        try (var files = java.nio.file.Files.list(settings.dir())) {
            for (var f : files.filter(f -> f.getFileName().toString().startsWith(CacheStore.FILE + ".corrupt-"))
                    .toList()) {
                if (java.nio.file.Files.deleteIfExists(f)) deleted++;
            }
        }
        return deleted;
    }
}
