package dev.caravan.pipeline;

import dev.caravan.fetch.FetchScheduler;
import dev.caravan.fetch.PageFetcher;
import dev.caravan.messaging.FetchMessages;
import dev.caravan.messaging.SharedFetchSettings;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.LogText;
import dev.caravan.pages.PageResults;
import dev.caravan.progress.Progress;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The fetching side of shared fetching ({@code research.fetch.shared}): a fetch task from the fetch queue (sent by the
 * instance that runs the query) is asked of its host through this instance's fetch scheduler and robots.txt cache, and
 * answered with the response as it came. The broker gives every task of one host to one consumer, so this instance's
 * scheduler is the only one asking that host. Converting the page is left to the instance that runs the query: a
 * consumer takes its host's next task as soon as the response is sent, so the host's next request never waits for a
 * conversion. A task past its deadline is not fetched: its owner has listed the page as not retrieved already. A
 * redelivered task comes from a consumer that went away, perhaps while its request to the host was still running, so
 * its host is not asked before that request's deadline and one delay more. A fault while fetching becomes a failed
 * response, so a broken page is answered rather than redelivered. Thread-safe.
 */
public final class FetchTasks {

    private static final Logger LOG = LoggerFactory.getLogger("caravan");

    /**
     * The result to send back.
     *
     * @param id the task's correlation ID
     * @param owner the instance it goes to
     * @param body the result message's body ({@link FetchMessages#resultBytes})
     * @param summary a line for the log
     * @param hostReady what to say on the hosts topic: when the task's host may next be asked ({@link HostHandovers});
     *     null when it was not asked
     */
    public record Reply(
            String id,
            String owner,
            byte[] body,
            String summary,
            @Nullable String hostReady) {}

    private final SharedFetchSettings settings;
    private final PageFetcher fetcher;
    private final FetchScheduler scheduler;
    private final Duration movedHostWait;
    private final HostHandovers handovers;
    private final Progress progress;
    private final Clock clock;

    /**
     * @param movedHostWait how long the host of a redelivered task waits before it is asked: the longest a request may
     *     run ({@code research.fetch.timeout-ms}) plus the host delay
     */
    public FetchTasks(
            SharedFetchSettings settings,
            PageFetcher fetcher,
            FetchScheduler scheduler,
            Duration movedHostWait,
            HostHandovers handovers,
            Progress progress,
            Clock clock) {
        this.settings = settings;
        this.fetcher = fetcher;
        this.scheduler = scheduler;
        this.movedHostWait = movedHostWait;
        this.handovers = handovers;
        this.progress = progress;
        this.clock = clock;
    }

    /**
     * Works on one task message and returns the reply to send, or null when there is nothing to send (a message that
     * is no fetch task, or a task past its deadline). The calling thread, the task's JMS consumer, waits for the
     * host's turn and the response, and the route then sends the reply from that same thread, not from the fetch
     * scheduler's completion threads (one per core), which stay free to hand on the other hosts' responses.
     *
     * @param redelivered whether the broker delivered the message before (its consumer went away without acknowledging)
     */
    public @Nullable Reply run(@Nullable Object message, @Nullable Boolean redelivered) {
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
            return null;
        }
        progress.fetchTask("received");
        if (Boolean.TRUE.equals(redelivered)) {
            progress.fetchTask("redelivered");
            scheduler.pause(task.hostKey(), movedHostWait);
        }
        if (start > task.deadline()) {
            progress.fetchTask("expired");
            LOG.info(
                    "fetch task {} for {} is past its deadline, not fetched: {}",
                    LogText.safe(task.label()),
                    LogText.safe(task.owner()),
                    LogText.safe(task.url()));
            return null;
        }
        CompletableFuture<FetchResponse> fetched;
        try {
            fetched = fetcher.fetch(task.url(), task.validators().hasValidator() ? task.validators() : null);
        } catch (RuntimeException e) {
            fetched = CompletableFuture.failedFuture(e);
        }
        FetchResponse response = fetched.exceptionally(
                        e -> failed(task.url(), FetchOutcome.INTERNAL_ERROR, internalError(task, e)))
                .join();
        return reply(task, response, start);
    }

    private static String internalError(FetchMessages.Task task, Throwable e) {
        String reason = PageResults.internalErrorPage(task.url(), e).reason();
        return reason == null ? "internal error while fetching the page" : reason;
    }

    private static FetchResponse failed(String url, FetchOutcome outcome, String reason) {
        return FetchResponse.failed(url, url, outcome, reason, null);
    }

    private Reply reply(FetchMessages.Task task, FetchResponse fetched, long start) {
        long took = clock.millis() - start;
        FetchResponse response = fetched;
        byte[] body =
                FetchMessages.resultBytes(new FetchMessages.Result(task.id(), settings.instance(), response, took));
        if (body.length > settings.maxResultBytes()) {
            response = failed(
                    task.url(),
                    FetchOutcome.TOO_LARGE,
                    "the response is " + body.length + " bytes compressed; one fetch result carries at most "
                            + settings.maxResultBytes() + " bytes (research.fetch.shared.max-result-bytes)");
            body = FetchMessages.resultBytes(new FetchMessages.Result(task.id(), settings.instance(), response, took));
        }
        String summary = "fetched for " + LogText.safe(task.owner()) + " " + LogText.safe(task.label()) + ": "
                + response.outcome() + " " + LogText.safe(task.url()) + " (" + body.length + " bytes back, " + took
                + " ms)";
        return new Reply(task.id(), task.owner(), body, summary, handovers.told(task.hostKey()));
    }
}
