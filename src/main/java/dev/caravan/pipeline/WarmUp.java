package dev.caravan.pipeline;

import dev.caravan.cache.CacheStore;
import dev.caravan.cache.PageCache;
import dev.caravan.cache.SearchCache;
import dev.caravan.extract.PageConverter;
import dev.caravan.messaging.FetchMessages;
import dev.caravan.model.CacheHeaders;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Job;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.Report;
import dev.caravan.model.Retrieval;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import dev.caravan.pages.FindingSelector;
import dev.caravan.report.ReportBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs a query's CPU work once or a few times at startup, before any job comes: a bundled page of our own
 * ({@code warm-up.html}: a timetable, fares as a list, a code block, label lines) is converted, its passages ranked
 * in both passes for three queries, and their reports built in memory. Nothing is fetched, written or kept.
 *
 * <p>Why: in a fresh JVM the first pages pay for loading the classes of the extractor, the Markdown converter, the
 * ranking and the report, and run interpreted until the JIT has compiled them. A job that arrives at once (a
 * scheduled run, a job file waiting at startup, a task from another instance) waits for that; with the warm-up the
 * instance pays it before it says it has started. Figures: docs/running.md, "Warm-up".
 */
public final class WarmUp {

    /** The bundled page's address: a reserved name (RFC 2606) that is never fetched. */
    static final String PAGE_URL = "https://harbour.example/ferries/harbour-line";

    /** Queries the bundled page answers from a table row, a list item and a code block. */
    static final List<String> QUERIES = List.of(
            "When does the last ferry leave on Sunday?",
            "How much is a single adult ticket to Saltmarsh?",
            "how to request the next sailings from the status feed API");

    /** As many pages as a query usually has. */
    private static final int PAGES_PER_QUERY = 5;

    private final PageConverter converter;
    private final FindingSelector findings;
    private final ReportBuilder reports;
    private final Clock clock;

    public WarmUp(PageConverter converter, FindingSelector findings, ReportBuilder reports, Clock clock) {
        this.converter = converter;
        this.findings = findings;
        this.reports = reports;
        this.clock = clock;
    }

    /**
     * What the warm-up did.
     *
     * @param reports the reports built (three per round)
     * @param withoutFindings of those, the reports that quote nothing (the bundled page answers every query)
     * @param messagesBack the messages (a task, its result, the host's next turn; three per round) that came back
     *     from their encoding as they went
     * @param millis how long it took
     */
    public record Done(int reports, int withoutFindings, int messagesBack, long millis) {}

    /** Runs {@code rounds} rounds (none when 0). */
    public Done run(int rounds) {
        long start = clock.millis();
        byte[] html = page();
        List<Query> queries = QUERIES.stream().map(Query::of).toList();
        Job job = new Job("warm-up", queries);
        int built = 0;
        int empty = 0;
        int back = 0;
        for (int round = 0; round < rounds; round++) {
            for (int q = 0; q < queries.size(); q++) {
                Report report = reports.build(job, q, SearchResults.none(), pages(html, queries.get(q)));
                built++;
                if (report.findings() == 0) empty++;
            }
            back += rehearse(html);
        }
        return new Done(built, empty, back, clock.millis() - start);
    }

    /**
     * What a job's first search and pages go through besides the CPU work above, in memory: the caches' encoding of a
     * search answer and a page (their store is off: nothing is written), and the three messages between instances
     * there and back. A fresh JVM otherwise pays for them on the first job: Jackson builds its (de)serializers of
     * these types on first use (113 to 152 ms to store the first search answer, in the jail setting of
     * bench/cluster.sh). Returns how many of the three messages came back as they went.
     */
    private int rehearse(byte[] html) {
        FetchResponse response = new FetchResponse(
                new Retrieval(PAGE_URL, PAGE_URL, 200, clock.instant()), FetchOutcome.OK, null, "text/html", html);
        FetchedPage page = converter.convert(response);
        List<SearchHit> hits = new ArrayList<>();
        for (int r = 0; r < PAGES_PER_QUERY; r++) {
            hits.add(new SearchHit(PAGE_URL + "?copy=" + r, page.title(), "", 1.0 - r * 0.1, null));
        }
        Duration ttl = Duration.ofMinutes(1);
        new SearchCache(CacheStore.off("warm-up"), 1, ttl, clock)
                .put(QUERIES.get(0), new SearchResults("warm-up", "", hits, false));
        new PageCache(CacheStore.off("warm-up"), 1, ttl, clock)
                .put(PAGE_URL, page, page, CacheHeaders.NONE, clock.instant());

        int back = 0;
        FetchMessages.Task task =
                new FetchMessages.Task("warm-up", "warm-up", PAGE_URL, "harbour.example", 0, "warm-up", null);
        if (FetchMessages.readTask(FetchMessages.taskText(task)).equals(task)) back++;
        FetchMessages.Result result = new FetchMessages.Result("warm-up", "warm-up", response, 0);
        FetchResponse came =
                FetchMessages.readResult(FetchMessages.resultBytes(result)).response();
        if (came.retrieval().equals(response.retrieval()) && Arrays.equals(came.body(), html)) back++;
        FetchMessages.HostReady ready = new FetchMessages.HostReady("warm-up", "harbour.example", 0);
        if (FetchMessages.readHostReady(FetchMessages.hostReadyText(ready)).equals(ready)) back++;
        return back;
    }

    /** The page as a query's five results, each converted as if fetched (under its own address). */
    private List<PageResult> pages(byte[] html, Query query) {
        List<PageResult> results = new ArrayList<>();
        for (int r = 0; r < PAGES_PER_QUERY; r++) {
            String url = PAGE_URL + "?copy=" + r;
            FetchedPage page = converter.convert(new FetchResponse(
                    new Retrieval(url, url, 200, clock.instant()), FetchOutcome.OK, null, "text/html", html));
            FetchTask task = new FetchTask(r, url, url, new SearchHit(url, page.title(), "", 1.0 - r * 0.1, null));
            results.add(findings.candidates(task, page, query, false));
        }
        return results;
    }

    private static byte[] page() {
        try (InputStream in = WarmUp.class.getResourceAsStream("warm-up.html")) {
            if (in == null) throw new IllegalStateException("warm-up.html is missing from the classpath");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
