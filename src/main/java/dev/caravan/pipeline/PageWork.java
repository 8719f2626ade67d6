package dev.caravan.pipeline;

import dev.caravan.model.FetchResponse;
import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.LogText;
import dev.caravan.model.PageResult;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The message body of the fetch stage: one page of one query, filled in as it goes: fetched (or taken from the
 * cache), converted, then its best passages for the query. The raw response is dropped once converted, and the page's
 * text once its passages are chosen, so a query holds only what its report needs.
 *
 * @param query the query it belongs to, with the number of pages it fetches
 * @param task what to fetch
 * @param claim how the page will be had: from the cache, from another query, fetched here, or not at all
 * @param started when its fetch started
 * @param response the raw response, between fetching and converting; else null
 * @param page the page; null until converted or found in the cache
 * @param fromCache true when the page came from the cache without a request
 * @param bytes the size of the response body
 * @param result what the query's report gets; null until done
 * @param count how many of the query's pages are done with this one, e.g. {@code 3/5}, once recorded
 */
public record PageWork(
        QueryRun query,
        FetchTask task,
        PageClaims.Claim claim,
        Instant started,
        @Nullable FetchResponse response,
        @Nullable FetchedPage page,
        boolean fromCache,
        long bytes,
        @Nullable PageResult result,
        String count) {

    static PageWork of(QueryRun query, FetchTask task, PageClaims.Claim claim) {
        return new PageWork(query, task, claim, null, null, null, false, 0, null, null);
    }

    /** The page's URL as it may appear in a log line (a search result's URL may hold any character). */
    public String logUrl() {
        return LogText.safe(task.url());
    }

    /** True when nothing has given it a page yet: it needs to be fetched. */
    public boolean needsFetch() {
        return page == null && result == null && count == null;
    }

    PageWork startedAt(Instant time) {
        return new PageWork(query, task, claim, time, response, page, fromCache, bytes, result, count);
    }

    PageWork withResponse(FetchResponse fetched) {
        return new PageWork(query, task, claim, started, fetched, null, false, fetched.bytes(), result, count);
    }

    PageWork withPage(FetchedPage converted, boolean cached) {
        return new PageWork(query, task, claim, started, null, converted, cached, bytes, result, count);
    }

    PageWork withResult(PageResult done) {
        return new PageWork(query, task, claim, started, null, page, fromCache, bytes, done, count);
    }

    /** Recorded: the page itself is let go, only the result stays for the report. */
    PageWork counted(String done) {
        return new PageWork(query, task, claim, started, null, null, fromCache, bytes, result, done);
    }
}
