package dev.caravan.pipeline;

import dev.caravan.cache.PageCache;
import dev.caravan.extract.PageConverter;
import dev.caravan.fetch.PageFetcher;
import dev.caravan.messaging.FetchMessages;
import dev.caravan.messaging.SharedFetchSettings;
import dev.caravan.model.CacheHeaders;
import dev.caravan.model.Delivery;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.LogText;
import dev.caravan.model.Retrieval;
import dev.caravan.pages.PageResults;
import dev.caravan.progress.Progress;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fetching side of shared fetching ({@code research.fetch.shared}): a fetch task from the fetch queue (sent by the
 * instance that runs the query) is had through this instance's cache, fetch scheduler and robots.txt cache, as any page
 * of its own, converted, and answered with the whole page. The broker gives every task of one host to one consumer,
 * so this instance's scheduler is the only one asking that host. A task past its deadline is not fetched: its owner
 * has listed the page as not retrieved already. A fault fetching or converting becomes a failed page in the result, so
 * a broken page is answered rather than redelivered. Thread-safe.
 */
public final class FetchTasks {

    private static final Logger LOG = LoggerFactory.getLogger("caravan");

    /**
     * The result to send back.
     *
     * @param id the task's correlation ID
     * @param owner the instance it goes to
     * @param body the result message's body (deflated JSON)
     * @param summary a line for the log
     */
    public record Reply(String id, String owner, byte[] body, String summary) {}

    private record Had(FetchedPage page, Delivery delivery, long bytes) {}

    private final SharedFetchSettings settings;
    private final PageFetcher fetcher;
    private final PageConverter converter;
    private final PageCache cache;
    private final int inlineMaxChars;
    private final Progress progress;
    private final Clock clock;

    /** @param inlineMaxChars pages longer than this are kept in the persistent cache only, not in memory */
    public FetchTasks(
            SharedFetchSettings settings,
            PageFetcher fetcher,
            PageConverter converter,
            PageCache cache,
            int inlineMaxChars,
            Progress progress,
            Clock clock) {
        this.settings = settings;
        this.fetcher = fetcher;
        this.converter = converter;
        this.cache = cache;
        this.inlineMaxChars = inlineMaxChars;
        this.progress = progress;
        this.clock = clock;
    }

    /**
     * Works on one task message; the future completes with the reply to send, or null when there is nothing to send (a
     * message that is no fetch task, or a task past its deadline).
     *
     * @param redelivered whether the broker delivered the message before (its consumer went away without acknowledging)
     */
    public CompletableFuture<@Nullable Reply> run(@Nullable Object message, @Nullable Boolean redelivered) {
        long start = clock.millis();
        FetchMessages.Task task;
        try {
            task = FetchMessages.readTask(message);
        } catch (RuntimeException e) {
            progress.fetchTask("refused");
            LOG.warn(
                    "a message on {} is no fetch task and was dropped: {}",
                    settings.queue(),
                    LogText.safe(e.getMessage()));
            return CompletableFuture.completedFuture(null);
        }
        progress.fetchTask("received");
        if (Boolean.TRUE.equals(redelivered)) progress.fetchTask("redelivered");
        if (start > task.deadline()) {
            progress.fetchTask("expired");
            LOG.info(
                    "fetch task {} for {} is past its deadline, not fetched: {}",
                    LogText.safe(task.label()),
                    LogText.safe(task.owner()),
                    LogText.safe(task.url()));
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Had> had;
        try {
            had = have(task);
        } catch (RuntimeException e) {
            had = CompletableFuture.failedFuture(e);
        }
        return had.exceptionally(e -> new Had(PageResults.internalErrorPage(task.url(), e), Delivery.FETCHED, 0))
                .thenApply(h -> reply(task, h, start));
    }

    private CompletableFuture<Had> have(FetchMessages.Task task) {
        String key = task.normalizedUrl();
        Optional<PageCache.Entry> fresh = cache.freshWhole(key);
        if (fresh.isPresent())
            return CompletableFuture.completedFuture(new Had(fresh.get().page(), Delivery.CACHED, 0));
        Optional<CacheHeaders> validators = cache.validators(key);
        Delivery fetched = validators.isPresent() || cache.holds(key) ? Delivery.REFETCHED : Delivery.FETCHED;
        return fetcher.fetch(task.url(), validators.orElse(null)).thenCompose(response -> {
            if (!response.notModified()) return CompletableFuture.completedFuture(converted(key, response, fetched));
            Optional<PageCache.Entry> stored = cache.anyWhole(key);
            if (stored.isPresent()) return CompletableFuture.completedFuture(revalidated(key, stored.get(), response));
            return fetcher.fetch(task.url(), null).thenApply(again -> converted(key, again, Delivery.REFETCHED));
        });
    }

    /** Converted and cached (whole, in the persistent cache; in memory too unless it is large). */
    private Had converted(String key, FetchResponse response, Delivery how) {
        FetchedPage page = converter.convert(response);
        if (page.fetched()) {
            Instant received = page.retrieval().fetchedAt() == null
                    ? clock.instant()
                    : page.retrieval().fetchedAt();
            cache.put(key, page, page, response.caching(), received);
            if (page.chars() > inlineMaxChars) cache.forgetInMemory(key);
        }
        return new Had(page, how, response.bytes());
    }

    /** The stored page the site confirmed unchanged, as of now; its freshness starts again. */
    private Had revalidated(String key, PageCache.Entry entry, FetchResponse notModified) {
        Instant now = clock.instant();
        Retrieval stored = entry.page().retrieval();
        FetchedPage page =
                entry.page().withRetrieval(new Retrieval(stored.url(), stored.finalUrl(), stored.httpStatus(), now));
        cache.revalidated(key, entry, notModified.caching(), page, now);
        if (page.chars() > inlineMaxChars) cache.forgetInMemory(key);
        return new Had(page, Delivery.REVALIDATED, 0);
    }

    private Reply reply(FetchMessages.Task task, Had had, long start) {
        long took = clock.millis() - start;
        byte[] body = FetchMessages.resultBytes(new FetchMessages.Result(
                task.id(), settings.instance(), had.page(), had.delivery(), had.bytes(), took));
        FetchedPage page = had.page();
        if (body.length > settings.maxResultBytes()) {
            page = FetchedPage.failed(
                    page.retrieval(),
                    FetchOutcome.TOO_LARGE,
                    "the converted page is " + body.length + " bytes compressed; one fetch result carries at most "
                            + settings.maxResultBytes() + " bytes (research.fetch.shared.max-result-bytes)");
            body = FetchMessages.resultBytes(
                    new FetchMessages.Result(task.id(), settings.instance(), page, had.delivery(), had.bytes(), took));
        }
        String summary = "fetched for " + LogText.safe(task.owner()) + " " + LogText.safe(task.label()) + ": "
                + page.outcome() + " " + LogText.safe(task.url()) + " (" + body.length + " bytes back, " + took
                + " ms)";
        return new Reply(task.id(), task.owner(), body, summary);
    }
}
