package dev.caravan.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteException;

/**
 * The cache's file: one SQLite database, {@value #FILE} in the cache folder, holding entries by kind (pages, searches)
 * and key, each with its body, its caching headers and until when it is fresh. Its size (the pages SQLite uses) is
 * kept under a cap: when a write goes over it, the least recently used entries are deleted and the freed pages given
 * back to the file system.
 *
 * <p>It never fails its caller. A damaged file (not a database, or a corrupt page found at any time) is renamed to
 * {@code <file>.corrupt-<time>} with a warning, and an empty one is started. A store that cannot be written (a
 * read-only or missing folder, a full disk, an I/O error) is switched off with a warning: every lookup misses and every
 * write is dropped, and jobs go on without it. Another process holding a lock for longer than the busy timeout only
 * makes that one lookup miss. Thread-safe: one connection, used by one thread at a time.
 */
public final class CacheStore implements AutoCloseable {

    /** The database file's name in the cache folder. */
    public static final String FILE = "caravan-cache.db";

    /** The layout of the tables; a file with another version is emptied and set up anew (it is a cache). */
    static final int SCHEMA = 1;

    /** A lock held by another process longer than this makes one operation give up, not wait for ever. */
    private static final int BUSY_TIMEOUT_MS = 2000;

    /** After an eviction, the store is brought down to this share of the cap, so that not every write evicts. */
    private static final double EVICT_TO = 0.9;

    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

    /** What an entry holds. */
    public enum Kind {
        PAGE,
        SEARCH
    }

    /**
     * One stored entry.
     *
     * @param body what was stored (compressed by the caller as it likes)
     * @param headers the caching headers stored beside it (JSON, or null)
     * @param storedAt when it was written
     * @param freshUntil until when it may be reused without asking again
     */
    public record Entry(byte[] body, @Nullable String headers, Instant storedAt, Instant freshUntil) {}

    private final @Nullable Path dir;
    private final long maxBytes;
    private final Clock clock;
    private final Consumer<String> warnings;
    private @Nullable Connection db;
    private String off = "";
    private long lastUsed;
    /** Test hook: the most pages SQLite may use (PRAGMA max_page_count), to see a full disk; 0 for no limit. */
    private final long maxPages;

    private CacheStore(@Nullable Path dir, long maxBytes, Clock clock, Consumer<String> warnings, long maxPages) {
        this.dir = dir;
        this.maxBytes = maxBytes;
        this.clock = clock;
        this.warnings = warnings;
        this.maxPages = maxPages;
    }

    /**
     * Opens (or creates) the store in {@code dir}, at most {@code maxBytes} big; problems are said through
     * {@code warnings}, once each, and never thrown.
     */
    public static CacheStore open(Path dir, long maxBytes, Clock clock, Consumer<String> warnings) {
        return open(dir, maxBytes, clock, warnings, 0);
    }

    static CacheStore open(Path dir, long maxBytes, Clock clock, Consumer<String> warnings, long maxPages) {
        CacheStore store = new CacheStore(dir, maxBytes, clock, warnings, maxPages);
        store.start();
        return store;
    }

    /** A store that is off from the start, saying {@code reason}: every lookup misses, every write is dropped. */
    public static CacheStore off(String reason) {
        CacheStore store = new CacheStore(null, 0, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), w -> {}, 0);
        store.off = reason;
        return store;
    }

    /** True while the store is in use. */
    public synchronized boolean enabled() {
        return db != null;
    }

    /** Why the store is off, or "" while it is on. */
    public synchronized String offReason() {
        return off;
    }

    /** Where the database file is (or would be), or null for a store that was off from the start. */
    public @Nullable Path file() {
        return dir == null ? null : dir.resolve(FILE);
    }

    private void start() {
        try {
            Files.createDirectories(dir);
        } catch (IOException | RuntimeException e) {
            switchOff("cannot create the cache folder " + dir + " (" + describe(e) + ")");
            return;
        }
        try {
            connect();
        } catch (SQLException e) {
            if (corrupt(e)) {
                setAside(e);
            } else {
                closeQuietly();
                switchOff("cannot open " + file() + " (" + describe(e) + ")");
            }
        }
    }

    private void connect() throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        db = DriverManager.getConnection("jdbc:sqlite:" + file().toAbsolutePath(), config.toProperties());
        try (Statement s = db.createStatement()) {
            // freed pages go back to the file system after an eviction (PRAGMA incremental_vacuum); it takes effect on
            // a new file, before its first table
            s.execute("PRAGMA auto_vacuum = INCREMENTAL");
            if (maxPages > 0) s.execute("PRAGMA max_page_count = " + maxPages);
            s.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)");
            String version = null;
            try (ResultSet r = s.executeQuery("SELECT value FROM meta WHERE name = 'schema'")) {
                if (r.next()) version = r.getString(1);
            }
            if (!String.valueOf(SCHEMA).equals(version)) {
                s.execute("DROP TABLE IF EXISTS entries");
                s.execute("INSERT OR REPLACE INTO meta (name, value) VALUES ('schema', '" + SCHEMA + "')");
            }
            s.execute("CREATE TABLE IF NOT EXISTS entries ("
                    + " kind TEXT NOT NULL, key TEXT NOT NULL, body BLOB NOT NULL, headers TEXT,"
                    + " stored_at INTEGER NOT NULL, fresh_until INTEGER NOT NULL, last_used INTEGER NOT NULL,"
                    + " PRIMARY KEY (kind, key))");
            s.execute("CREATE INDEX IF NOT EXISTS entries_lru ON entries (last_used)");
            try (ResultSet r = s.executeQuery("SELECT coalesce(max(last_used), 0) FROM entries")) {
                lastUsed = r.next() ? r.getLong(1) : 0;
            }
        }
    }

    /** The entry, if any (fresh or not); a hit counts as a use for the eviction order. */
    public synchronized Optional<Entry> get(Kind kind, String key) {
        if (db == null) return Optional.empty();
        try {
            Entry entry = null;
            try (PreparedStatement q = db.prepareStatement(
                    "SELECT body, headers, stored_at, fresh_until FROM entries WHERE kind = ? AND key = ?")) {
                q.setString(1, kind.name());
                q.setString(2, key);
                try (ResultSet r = q.executeQuery()) {
                    if (r.next()) {
                        entry = new Entry(
                                r.getBytes(1),
                                r.getString(2),
                                Instant.ofEpochMilli(r.getLong(3)),
                                Instant.ofEpochMilli(r.getLong(4)));
                    }
                }
            }
            if (entry != null) touch(kind, key);
            return Optional.ofNullable(entry);
        } catch (SQLException e) {
            failed("read", e);
            return Optional.empty();
        }
    }

    /** Until when the entry is fresh, without reading its body; empty when there is none. */
    public synchronized Optional<Instant> freshUntil(Kind kind, String key) {
        if (db == null) return Optional.empty();
        try (PreparedStatement q = db.prepareStatement("SELECT fresh_until FROM entries WHERE kind = ? AND key = ?")) {
            q.setString(1, kind.name());
            q.setString(2, key);
            try (ResultSet r = q.executeQuery()) {
                return r.next() ? Optional.of(Instant.ofEpochMilli(r.getLong(1))) : Optional.empty();
            }
        } catch (SQLException e) {
            failed("read", e);
            return Optional.empty();
        }
    }

    /** The caching headers stored with the entry, without reading its body; empty when there is none. */
    public synchronized Optional<String> headers(Kind kind, String key) {
        if (db == null) return Optional.empty();
        try (PreparedStatement q = db.prepareStatement("SELECT headers FROM entries WHERE kind = ? AND key = ?")) {
            q.setString(1, kind.name());
            q.setString(2, key);
            try (ResultSet r = q.executeQuery()) {
                return r.next() ? Optional.ofNullable(r.getString(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            failed("read", e);
            return Optional.empty();
        }
    }

    /** Stores (or replaces) an entry, then evicts the least recently used ones while the store is over its cap. */
    public synchronized void put(Kind kind, String key, byte[] body, @Nullable String headers, Instant freshUntil) {
        if (db == null) return;
        if (body.length + key.length() > maxBytes / 4) return; // one entry may not push out most of the others
        try (PreparedStatement q = db.prepareStatement("INSERT OR REPLACE INTO entries"
                + " (kind, key, body, headers, stored_at, fresh_until, last_used) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            q.setString(1, kind.name());
            q.setString(2, key);
            q.setBytes(3, body);
            q.setString(4, headers);
            q.setLong(5, clock.millis());
            q.setLong(6, freshUntil.toEpochMilli());
            q.setLong(7, ++lastUsed);
            q.executeUpdate();
            evictWhileOver();
        } catch (SQLException e) {
            failed("write", e);
        }
    }

    /** Gives an entry new caching headers and freshness (after a {@code 304 Not Modified}); its body stays. */
    public synchronized void refresh(Kind kind, String key, @Nullable String headers, Instant freshUntil) {
        if (db == null) return;
        try (PreparedStatement q = db.prepareStatement(
                "UPDATE entries SET headers = ?, fresh_until = ?, last_used = ?" + " WHERE kind = ? AND key = ?")) {
            q.setString(1, headers);
            q.setLong(2, freshUntil.toEpochMilli());
            q.setLong(3, ++lastUsed);
            q.setString(4, kind.name());
            q.setString(5, key);
            q.executeUpdate();
        } catch (SQLException e) {
            failed("write", e);
        }
    }

    /** Deletes an entry, if there is one. */
    public synchronized void remove(Kind kind, String key) {
        if (db == null) return;
        try (PreparedStatement q = db.prepareStatement("DELETE FROM entries WHERE kind = ? AND key = ?")) {
            q.setString(1, kind.name());
            q.setString(2, key);
            q.executeUpdate();
        } catch (SQLException e) {
            failed("write", e);
        }
    }

    /** Deletes every entry and shrinks the file; returns how many entries there were (0 when off). */
    public synchronized int clear() {
        if (db == null) return 0;
        try (Statement s = db.createStatement()) {
            int removed = s.executeUpdate("DELETE FROM entries");
            s.execute("VACUUM");
            return removed;
        } catch (SQLException e) {
            failed("clear", e);
            return 0;
        }
    }

    /** How many bytes of the file hold data (its pages in use), 0 when off. */
    public synchronized long usedBytes() {
        if (db == null) return 0;
        try {
            return usedBytesNow();
        } catch (SQLException e) {
            failed("read", e);
            return 0;
        }
    }

    /** How many entries of {@code kind} the store holds, 0 when off. */
    public synchronized long entries(Kind kind) {
        if (db == null) return 0;
        try (PreparedStatement q = db.prepareStatement("SELECT count(*) FROM entries WHERE kind = ?")) {
            q.setString(1, kind.name());
            try (ResultSet r = q.executeQuery()) {
                return r.next() ? r.getLong(1) : 0;
            }
        } catch (SQLException e) {
            failed("read", e);
            return 0;
        }
    }

    @Override
    public synchronized void close() {
        closeQuietly();
    }

    private void touch(Kind kind, String key) throws SQLException {
        try (PreparedStatement q = db.prepareStatement("UPDATE entries SET last_used = ? WHERE kind = ? AND key = ?")) {
            q.setLong(1, ++lastUsed);
            q.setString(2, kind.name());
            q.setString(3, key);
            q.executeUpdate();
        }
    }

    private long usedBytesNow() throws SQLException {
        try (Statement s = db.createStatement()) {
            long pages = pragma(s, "page_count");
            long free = pragma(s, "freelist_count");
            return (pages - free) * pragma(s, "page_size");
        }
    }

    private static long pragma(Statement s, String name) throws SQLException {
        try (ResultSet r = s.executeQuery("PRAGMA " + name)) {
            return r.next() ? r.getLong(1) : 0;
        }
    }

    /** Deletes the least recently used entries, a tenth at a time, until the store is under its cap again. */
    private void evictWhileOver() throws SQLException {
        if (usedBytesNow() <= maxBytes) return;
        long target = (long) (maxBytes * EVICT_TO);
        try (Statement s = db.createStatement()) {
            while (usedBytesNow() > target) {
                long count = pragmaCount(s);
                if (count == 0) break;
                s.executeUpdate(
                        "DELETE FROM entries WHERE rowid IN (SELECT rowid FROM entries ORDER BY last_used LIMIT "
                                + Math.max(1, count / 10) + ")");
            }
            s.execute("PRAGMA incremental_vacuum");
        }
    }

    private static long pragmaCount(Statement s) throws SQLException {
        try (ResultSet r = s.executeQuery("SELECT count(*) FROM entries")) {
            return r.next() ? r.getLong(1) : 0;
        }
    }

    /** What a failed operation means: a damaged file is set aside, a busy one skipped, anything else turns it off. */
    private void failed(String what, SQLException e) {
        if (corrupt(e)) {
            setAside(e);
        } else if (busy(e)) {
            // another process holds the lock: this one operation misses, the store stays on
        } else {
            closeQuietly();
            switchOff("could not " + what + " " + file() + " (" + describe(e) + ")");
        }
    }

    /** Renames the damaged file (and its journal) aside and starts an empty store; off if that cannot be done. */
    private void setAside(SQLException e) {
        closeQuietly();
        Path file = file();
        String suffix = ".corrupt-" + STAMP.format(clock.instant());
        try {
            Files.move(file, file.resolveSibling(FILE + suffix));
            for (String journal : List.of("-wal", "-shm")) {
                Path j = file.resolveSibling(FILE + journal);
                if (Files.exists(j)) Files.move(j, file.resolveSibling(FILE + journal + suffix));
            }
        } catch (IOException | RuntimeException io) {
            switchOff("the cache file " + file + " is damaged (" + describe(e) + ") and could not be set aside ("
                    + describe(io) + ")");
            return;
        }
        warnings.accept("the cache file " + file + " was damaged (" + describe(e) + "); kept as " + FILE + suffix
                + " and an empty cache started");
        try {
            connect();
        } catch (SQLException again) {
            closeQuietly();
            switchOff("cannot start an empty cache in " + file + " (" + describe(again) + ")");
        }
    }

    private void switchOff(String reason) {
        off = reason;
        warnings.accept("persistent cache off for this run: " + reason + "; jobs go on without it");
    }

    private void closeQuietly() {
        if (db == null) return;
        try {
            db.close();
        } catch (SQLException ignored) {
            // closing a connection that failed: nothing more to do
        }
        db = null;
    }

    /** SQLite's primary result code of a failure, or -1. */
    private static int code(SQLException e) {
        return e instanceof SQLiteException s ? s.getResultCode().code & 0xFF : -1;
    }

    /** SQLITE_CORRUPT (11) or SQLITE_NOTADB (26): the file is damaged, or not a database at all. */
    static boolean corrupt(SQLException e) {
        int code = code(e);
        return code == 11 || code == 26;
    }

    /** SQLITE_BUSY (5) or SQLITE_LOCKED (6): another connection holds the lock. */
    private static boolean busy(SQLException e) {
        int code = code(e);
        return code == 5 || code == 6;
    }

    private static String describe(Exception e) {
        if (e instanceof java.nio.file.FileSystemException fs) {
            return fs.getClass().getSimpleName() + (fs.getReason() == null ? "" : ": " + fs.getReason());
        }
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.strip().lines().findFirst().orElse("");
    }

    /**
     * Deletes the store's files in {@code dir} (the database, its journal, and damaged files set aside earlier);
     * returns how many files were deleted. For use while no Caravan uses the folder.
     */
    public static int deleteFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return 0;
        int deleted = 0;
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith(FILE))
                    .toList()) {
                if (Files.deleteIfExists(f)) deleted++;
            }
        }
        return deleted;
    }
}
