package dev.caravan.pipeline;

import dev.caravan.model.Delivery;
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
 * @param delivery how the page was had: fetched, fresh from the cache, revalidated (304), or fetched again
 * @param bytes the size of the response body
 * @param result what the query's report gets; null until done
 * @param count how many of the query's pages are done with this one, e.g. {@code 3/5}, once recorded
 * @param fetchedBy the instance that had the page, when fetching is shared between instances; else null
 */
public record PageWork(
        QueryRun query,
        FetchTask task,
        PageClaims.Claim claim,
        Instant started,
        @Nullable FetchResponse response,
        @Nullable FetchedPage page,
        Delivery delivery,
        long bytes,
        @Nullable PageResult result,
        String count,
        @Nullable String fetchedBy) {

    static PageWork of(QueryRun query, FetchTask task, PageClaims.Claim claim) {
        return new PageWork(query, task, claim, null, null, null, Delivery.FETCHED, 0, null, null, null);
    }

    /** The page's URL as it may appear in a log line (a search result's URL may hold any character). */
    public String logUrl() {
        return LogText.safe(task.url());
    }

    /** The log line of a finished page: the query's tag, its count, its outcome and its URL. */
    public String doneLine() {
        return query.tag() + " page " + count + ": "
                + (result == null ? null : result.page().outcome()) + " " + logUrl();
    }

    /**
     * Where the page stands among the requests waiting for its host (lower first): its query's place in its job. A
     * job's first query then has its pages first, and its report is written while the next queries' pages are still
     * being fetched, instead of every report waiting for the job's last pages.
     */
    int fetchOrder() {
        return query.index();
    }

    /** True when nothing has given it a page yet: it needs to be fetched. */
    public boolean needsFetch() {
        return page == null && result == null && count == null;
    }

    PageWork startedAt(Instant time) {
        return new PageWork(query, task, claim, time, response, page, delivery, bytes, result, count, fetchedBy);
    }

    /** The response, as fetched for the first time ({@code how} FETCHED) or again (REFETCHED). */
    PageWork withResponse(FetchResponse fetched, Delivery how) {
        return new PageWork(query, task, claim, started, fetched, null, how, fetched.bytes(), result, count, fetchedBy);
    }

    PageWork withPage(FetchedPage converted, Delivery how) {
        return new PageWork(query, task, claim, started, null, converted, how, bytes, result, count, fetchedBy);
    }

    /** True when the page came fresh from the cache, without a request. */
    public boolean fromCache() {
        return delivery == Delivery.CACHED;
    }

    PageWork withResult(PageResult done) {
        return new PageWork(query, task, claim, started, null, page, delivery, bytes, done, count, fetchedBy);
    }

    /** The same page, had by {@code instance} (null when fetching is not shared). */
    PageWork by(@Nullable String instance) {
        return new PageWork(query, task, claim, started, response, page, delivery, bytes, result, count, instance);
    }

    /** Recorded: the page itself is let go, only the result stays for the report. */
    PageWork counted(String done) {
        return new PageWork(query, task, claim, started, null, null, delivery, bytes, result, done, fetchedBy);
    }
}
