package dev.caravan.testing;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Several stub web sites, one per loopback address (127.0.0.10, .11, ...), so each is a host of its own for Caravan's
 * politeness. Every request is timed on this JVM's monotonic clock: when it arrived, and when its response was handed to
 * the socket (a few hundred bytes on loopback, sent at once), so the gap between a host's response and its next request
 * can be checked whoever sent them. The time is taken just before the write, not after it: on a busy machine the stub's
 * thread may wait for a core after writing, and the client, which has the response by then, counts its delay from
 * there, so a time taken after the write would show gaps up to that wait shorter than they were.
 */
public final class HostSites implements AutoCloseable {

    /** One request: which site, which path, when it arrived and when its response was sent (System.nanoTime). */
    public record Hit(int site, String path, long arrived, long ended) {}

    private final List<StubServer> sites = new ArrayList<>();
    private final List<Hit> hits = new CopyOnWriteArrayList<>();

    /**
     * @param count how many sites
     * @param pages paths each site serves as a short article (robots.txt allows everything)
     * @param responseMs how long each page takes to answer
     */
    public HostSites(int count, List<String> pages, long responseMs) throws IOException {
        for (int i = 0; i < count; i++) {
            StubServer site = new StubServer("127.0.0." + (10 + i));
            int n = i;
            site.on("/robots.txt", (ex, b) -> {
                long arrived = System.nanoTime();
                hits.add(new Hit(n, "/robots.txt", arrived, System.nanoTime()));
                StubServer.respond(ex, 200, "text/plain", "User-agent: *\nAllow: /\n");
            });
            for (String path : pages) {
                site.on(path, (ex, b) -> {
                    long arrived = System.nanoTime();
                    sleep(responseMs);
                    hits.add(new Hit(n, path, arrived, System.nanoTime()));
                    StubServer.respond(ex, 200, "text/html; charset=utf-8", article(n, path));
                });
            }
            sites.add(site);
        }
    }

    /** The article site {@code n} serves at {@code path}: a title and a sentence that can be quoted. */
    public static String article(int n, String path) {
        return "<html><head><title>Site " + n + " page " + path + "</title></head><body><article><p>Site " + n
                + " explains the canal locks of " + path + " in a sentence long enough to be quoted as a finding"
                + ".</p><p>Lock keepers on site " + n + " raised the water level by two metres every hour.</p>"
                + "</article></body></html>";
    }

    public String url(int site, String path) {
        return sites.get(site).url(path);
    }

    public int count() {
        return sites.size();
    }

    public List<Hit> hits() {
        return List.copyOf(hits);
    }

    /** Requests per site and path, e.g. {@code 0 /a1 -> 1}. */
    public Map<String, Integer> requestsPerPage() {
        Map<String, Integer> n = new HashMap<>();
        for (Hit h : hits) if (!h.path().equals("/robots.txt")) n.merge(h.site() + " " + h.path(), 1, Integer::sum);
        return n;
    }

    /**
     * The shortest gap, in milliseconds, between a page response's end and the next request to the same site, over
     * every site; {@code Long.MAX_VALUE} when no site had two requests. A robots.txt response is not counted: the first
     * page may follow it at once ({@code research.fetch.delay-after-robots-ms}, 0 by default).
     */
    public double shortestGapMs() {
        double least = Double.MAX_VALUE;
        for (int s = 0; s < sites.size(); s++) {
            int site = s;
            List<Hit> mine = hits.stream()
                    .filter(h -> h.site() == site)
                    .sorted(Comparator.comparingLong(Hit::arrived))
                    .toList();
            for (int i = 1; i < mine.size(); i++) {
                if (mine.get(i - 1).path().equals("/robots.txt")) continue;
                least = Math.min(least, (mine.get(i).arrived() - mine.get(i - 1).ended()) / 1e6);
            }
        }
        return least;
    }

    private static void sleep(long ms) {
        if (ms <= 0) return;
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        sites.forEach(StubServer::close);
    }
}
