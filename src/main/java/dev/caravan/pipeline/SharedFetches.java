package dev.caravan.pipeline;

import dev.caravan.messaging.FetchMessages;
import dev.caravan.messaging.SharedFetchSettings;
import dev.caravan.model.CacheHeaders;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.LogText;
import dev.caravan.progress.Progress;
import dev.caravan.search.SearchBudget;
import dev.caravan.web.Urls;
import jakarta.jms.DeliveryMode;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apache.camel.ProducerTemplate;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The owner's side of shared fetching ({@code research.fetch.shared}): instead of asking a page's host itself, the
 * instance that runs a query sends a fetch task to the fetch queue, grouped by the page's host, and the page's future
 * completes with the response when the result comes back on this instance's results subscription, or when the task's
 * deadline passes (the page is then not retrieved, with that reason). The response goes on as one this instance
 * fetched itself: converted here, cached here. Each task has a random ID; a result whose ID is not waited for (a
 * second copy after a redelivery, a result that came after its deadline, a result for a run of a job that died with
 * its instance) is dropped and counted. The job's page budget is taken here, before the task is sent, so it holds
 * whichever instance fetches. Thread-safe.
 */
public final class SharedFetches implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger("caravan");

    /** Sends a fetch task to the fetch queue, with its host key as the message group and the given JMS priority. */
    @FunctionalInterface
    public interface Sender {
        void send(FetchMessages.Task task, int priority) throws Exception;
    }

    private record Pending(String url, CompletableFuture<Fetched> result, ScheduledFuture<?> deadline) {}

    private final SharedFetchSettings settings;
    private final Sender sender;
    private final Progress progress;
    private final Executor completions;
    private final Clock clock;
    private final ScheduledExecutorService timer;
    private final Map<String, Pending> pending = new ConcurrentHashMap<>();

    /**
     * @param completions where a received result is read and its page handed on (never the results consumer's thread,
     *     which must go on receiving)
     */
    public SharedFetches(
            SharedFetchSettings settings, Sender sender, Progress progress, Executor completions, Clock clock) {
        this.settings = settings;
        this.sender = sender;
        this.progress = progress;
        this.completions = completions;
        this.clock = clock;
        ScheduledThreadPoolExecutor deadlines = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "caravan-fetch-deadlines");
            t.setDaemon(true);
            return t;
        });
        deadlines.setRemoveOnCancelPolicy(true);
        this.timer = deadlines;
    }

    /**
     * A sender through the route {@code endpoint} (which sends to the fetch queue with the message's own priority,
     * expiration and delivery mode).
     */
    public static Sender viaRoute(ProducerTemplate template, String endpoint) {
        return (task, priority) -> template.sendBodyAndHeaders(
                endpoint,
                FetchMessages.taskText(task),
                Map.of(
                        "JMSXGroupID",
                        task.hostKey(),
                        "JMSCorrelationID",
                        task.id(),
                        FetchMessages.OWNER_PROPERTY,
                        task.owner(),
                        "JMSPriority",
                        priority,
                        // the broker drops a task nobody took by its deadline
                        "JMSExpiration",
                        task.deadline(),
                        "JMSDeliveryMode",
                        DeliveryMode.PERSISTENT));
    }

    /**
     * The JMS priority of a task of the given fetch order ({@link PageWork#fetchOrder}): the broker hands out a host's
     * waiting tasks highest priority first, so its pages come in their queries' order across instances, as they do at
     * one instance's scheduler. JMS has ten priorities (9 first): the tasks of a job's tenth query and later ones share
     * the lowest and go as they came.
     */
    static int priority(int fetchOrder) {
        return 9 - Math.min(9, Math.max(0, fetchOrder));
    }

    /** This instance's name. */
    public String instance() {
        return settings.instance();
    }

    /** The politeness key of {@code url}, or empty when it is no URL Caravan fetches (it then fails locally). */
    static Optional<String> hostKey(String url) {
        try {
            return Optional.of(Urls.hostKey(Urls.parse(url)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * Sends the page's fetch task, taking it from {@code budget} first (null: the page was taken from it already);
     * the future completes with the response as the fetching instance had it, or as not retrieved.
     *
     * @param validators of the copy this instance holds, for a conditional request; null when it holds none
     */
    CompletableFuture<Fetched> fetch(
            PageWork work, String hostKey, SearchBudget.@Nullable Job budget, @Nullable CacheHeaders validators) {
        String url = work.task().url();
        Optional<String> refused = budget == null ? Optional.empty() : budget.takePage();
        if (refused.isPresent()) {
            return CompletableFuture.completedFuture(new Fetched(
                    FetchResponse.failed(url, url, FetchOutcome.BUDGET_REACHED, refused.get(), null), null));
        }
        long timeout = settings.taskTimeout().toMillis();
        String id = UUID.randomUUID().toString();
        FetchMessages.Task task = new FetchMessages.Task(
                id,
                settings.instance(),
                url,
                hostKey,
                clock.millis() + timeout,
                work.query().run().folder() + "/" + work.query().index() + "/"
                        + work.task().order(),
                validators);
        CompletableFuture<Fetched> result = new CompletableFuture<>();
        pending.put(id, new Pending(url, result, timer.schedule(() -> timedOut(id), timeout, TimeUnit.MILLISECONDS)));
        try {
            sender.send(task, priority(work.fetchOrder()));
        } catch (Exception e) {
            Pending p = pending.remove(id);
            if (p != null) p.deadline().cancel(false);
            return CompletableFuture.failedFuture(e);
        }
        progress.fetchTask("sent");
        return result;
    }

    /**
     * A result message for this instance: its body is read here (only a bytes message within
     * {@code research.fetch.shared.max-result-bytes}), then parsed and handed on elsewhere.
     */
    public void received(@Nullable Object message) {
        byte[] body;
        try {
            body = FetchMessages.resultBody(message, settings.maxResultBytes());
        } catch (IllegalArgumentException e) {
            refused(e);
            return;
        }
        completions.execute(() -> complete(body));
    }

    private void complete(byte[] body) {
        FetchMessages.Result result;
        try {
            result = FetchMessages.readResult(body);
        } catch (RuntimeException e) {
            refused(e);
            return;
        }
        Pending p = pending.remove(result.id());
        if (p == null) {
            progress.fetchTask("dropped");
            LOG.debug(
                    "fetch result {} dropped: no page waits for it (a repeat, too late, or a run that ended)",
                    LogText.safe(result.id()));
            return;
        }
        p.deadline().cancel(false);
        progress.fetchTask("answered");
        p.result().complete(new Fetched(result.response(), result.fetchedBy()));
    }

    private void refused(RuntimeException e) {
        progress.fetchTask("refused");
        LOG.warn(
                "a message on {} is no fetch result and was dropped: {}",
                settings.results(),
                LogText.safe(e.getMessage()));
    }

    private void timedOut(String id) {
        Pending p = pending.remove(id);
        if (p == null) return;
        progress.fetchTask("timed_out");
        String reason = "no result from a fetching instance within "
                + settings.taskTimeout().toMillis() + " ms (research.fetch.shared.task-timeout-ms)";
        p.result()
                .complete(
                        new Fetched(FetchResponse.failed(p.url(), p.url(), FetchOutcome.TIMEOUT, reason, null), null));
    }

    /** Tasks sent and not answered yet. */
    public int waiting() {
        return pending.size();
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
