package dev.caravan.progress;

import dev.caravan.model.Answer;
import dev.caravan.model.FailureReasons;
import dev.caravan.model.FetchStatus;
import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Job;
import dev.caravan.model.LogText;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.Report;
import dev.caravan.model.SearchResults;
import dev.caravan.web.Urls;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Records what the pipeline does as JSON Lines ({@code events.jsonl} in the output folder) and keeps per-job tallies
 * for the summary line printed when a job ends. The routes call it at each stage; it never throws for bookkeeping
 * reasons that should not stop a job. Thread-safe.
 */
public class Progress {

    private final JsonLines events;
    private final PipelineMetrics metrics;
    private final Clock clock;
    private final Map<String, JobTally> tallies = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> pagesDone = new ConcurrentHashMap<>();
    private final AtomicInteger failedJobs = new AtomicInteger();
    private final AtomicInteger emptyQueries = new AtomicInteger();
    private final Map<String, java.util.concurrent.atomic.AtomicLong> fetchTasks = new ConcurrentHashMap<>();

    /** @param meters where the metrics go, or null when monitoring is off (then none are kept) */
    public Progress(Path eventsFile, @Nullable MeterRegistry meters, Clock clock) {
        this.events = new JsonLines(eventsFile);
        this.metrics = new PipelineMetrics(meters);
        this.clock = clock;
    }

    public void jobStarted(Job job, String source) {
        tallies.put(job.folder(), new JobTally(clock.instant()));
        metrics.jobStarted();
        emit(
                "job_started",
                job,
                Map.of("queries", job.queries().size(), "source", source == null ? "unknown" : source));
    }

    /** Records the end of a job, failed when {@code error} is not null, and returns its one-line summary. */
    public String jobFinished(Job job, @Nullable Throwable failure) {
        String error = failure == null ? null : FailureReasons.reason(failure);
        metrics.jobFinished(failure == null);
        if (failure != null) failedJobs.incrementAndGet();
        JobTally tally = tallies.remove(job.folder());
        pagesDone.keySet().removeIf(k -> k.startsWith(job.folder() + "#"));
        String summary = tally == null ? "" : tally.summary(clock.instant());
        int empty = tally == null ? 0 : tally.emptyQueries();
        // a job that retrieved no page at all, whatever it was asked: worth an alert even though it "went well"
        boolean emptyJob = tally != null && tally.reports() > 0 && empty == tally.reports();
        if (emptyJob) metrics.emptyJob();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("ok", error == null);
        if (error != null) data.put("error", error);
        data.put("empty", emptyJob);
        data.put("empty_queries", empty);
        data.put("summary", summary);
        emit("job_finished", job, data);
        return summary;
    }

    /**
     * Records a job file that could not be read as a job (malformed, unknown option, too large, ...): an event
     * {@code job_file_failed} and {@code caravan_errors_total{kind="job_file"}}. A job that failed while running was
     * already recorded by {@link #jobFinished} ({@code ranJob} is then not null); it is not counted twice.
     */
    public void jobFileFailed(String file, Throwable failure, Job ranJob) {
        if (ranJob != null) return;
        failedJobs.incrementAndGet();
        metrics.jobFileFailed();
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("time", clock.instant().toString());
        event.put("event", "job_file_failed");
        event.put("file", file);
        event.put("error", FailureReasons.reason(failure));
        events.append(event);
    }

    /**
     * Records a file in the input folder that is not a job file (event {@code file_ignored}) and returns the line to
     * log, naming the extensions that are read.
     */
    public String fileIgnored(String file) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("time", clock.instant().toString());
        event.put("event", "file_ignored");
        event.put("file", file);
        events.append(event);
        return "ignoring " + LogText.safe(file)
                + " in the input folder: not a job file (job files end in .txt, .json, .yaml or .yml;"
                + " the file is left where it is)";
    }

    /**
     * Records a file in the input folder that is skipped for {@code reason} (event {@code file_ignored} with that
     * {@code reason}, such as {@code hidden}); the caller logs it.
     */
    public void fileIgnored(String file, String reason) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("time", clock.instant().toString());
        event.put("event", "file_ignored");
        event.put("file", file);
        event.put("reason", reason);
        events.append(event);
    }

    /** How many jobs failed since start (run-once mode exits non-zero when this is not 0). */
    public int failedJobs() {
        return failedJobs.get();
    }

    /** How many queries since start ran but got no page (run-once mode has an exit code of its own for them). */
    public int emptyQueries() {
        return emptyQueries.get();
    }

    /**
     * Publishes the persistent cache's size as gauges ({@code caravan_cache_size_bytes},
     * {@code caravan_cache_entries{cache}}), read when the metrics are scraped.
     */
    public void cacheGauges(LongSupplier usedBytes, LongSupplier pages, LongSupplier searches) {
        metrics.cacheGauges(usedBytes, pages, searches);
    }

    /**
     * Records the start of the job's query number {@code index}. The route may run a search again after a fault
     * (retries, then a fallback provider): the query still counts once in the job's summary.
     */
    public void searchStarted(Job job, int index, Query query) {
        tally(job).query(index);
        if (query.searches()) emit("search_started", job, Map.of("query", query.label()));
    }

    public void searchFinished(Job job, Query query, SearchResults results) {
        if (!query.searches()) return; // a query that only lists pages is not a search
        if (results.wasNotSearched()) {
            tally(job).notSearched();
            metrics.notSearched();
            emit(
                    "search_finished",
                    job,
                    Map.of(
                            "query",
                            query.label(),
                            "not_searched",
                            results.notes().get(0)));
            return;
        }
        tally(job).search(results.cached());
        metrics.search(results.cached());
        emit(
                "search_finished",
                job,
                Map.of(
                        "query",
                        query.label(),
                        "provider",
                        results.provider(),
                        "results",
                        results.hits().size(),
                        "cached",
                        results.cached()));
    }

    /** The log line's words for a query's search: what it returned, that it was not searched, or that it is no search. */
    public String searchLine(Query query, SearchResults results) {
        if (!query.searches()) return "no search (the query lists its pages)";
        if (results.wasNotSearched()) return LogText.safe(results.notes().get(0));
        return LogText.safe(results.providerLabel()) + ": "
                + LogText.count(results.hits().size(), "search result", "search results") + " (cached: "
                + results.cached() + ")";
    }

    public void searchFailed(Job job, Query query, Throwable failure) {
        metrics.searchFailed();
        emit("search_finished", job, Map.of("query", query.label(), "error", FailureReasons.reason(failure)));
    }

    /** The events of shared fetching, by name: what {@link #fetchTask} counted. */
    public static final java.util.List<String> FETCH_TASK_EVENTS = java.util.List.of(
            "sent", "answered", "received", "redelivered", "timed_out", "dropped", "expired", "refused");

    /**
     * Counts an event of a fetch task shared between instances ({@code research.fetch.shared}): one of
     * {@link #FETCH_TASK_EVENTS}; in the metrics as {@code caravan_fetch_tasks_total{event=...}}.
     */
    public void fetchTask(String event) {
        if (!FETCH_TASK_EVENTS.contains(event)) throw new IllegalArgumentException("no fetch task event " + event);
        fetchTasks
                .computeIfAbsent(event, k -> new java.util.concurrent.atomic.AtomicLong())
                .incrementAndGet();
        metrics.fetchTask(event);
    }

    /** How many fetch task events of this kind this instance counted since it started. */
    public long fetchTasks(String event) {
        java.util.concurrent.atomic.AtomicLong n = fetchTasks.get(event);
        return n == null ? 0 : n.get();
    }

    /** Records the start of a fetch and returns the start time in epoch milliseconds. */
    public long fetchStarted(Job job, FetchTask task) {
        emit("fetch_started", job, Map.of("url", task.url()));
        return clock.millis();
    }

    /** Records the end of a fetch and returns the query's count so far, e.g. {@code 3/5}. */
    public String fetchFinished(
            Job job, int queryIndex, int total, PageResult result, long startedAtMillis, long bytes) {
        FetchedPage page = result.page();
        String outcome = page.outcome().name().toLowerCase(java.util.Locale.ROOT);
        tally(job).page(outcome, result.delivery());
        Duration took = Duration.between(Instant.ofEpochMilli(startedAtMillis), clock.instant());
        boolean requested = page.outcome().status() != FetchStatus.SKIPPED;
        metrics.fetch(outcome, Urls.host(result.task().url()).orElse("invalid"), took, result.fromCache(), requested);
        if (requested || result.fromCache()) metrics.pageLookup(result.delivery());
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("url", result.task().url());
        data.put("status", page.outcome().status().json());
        data.put("outcome", outcome);
        data.put("http_status", page.retrieval().httpStatus());
        data.put("bytes", bytes);
        data.put("ms", took.toMillis());
        data.put("evicted", page.evictedTo() != null);
        data.put("cached", result.fromCache());
        data.put("delivery", result.delivery().json());
        if (page.reason() != null) data.put("reason", page.reason());
        emit("fetch_finished", job, data);
        int done = pagesDone
                .computeIfAbsent(job.folder() + "#" + queryIndex, k -> new AtomicInteger())
                .incrementAndGet();
        return done + "/" + total;
    }

    /**
     * Records the answer model's answer to a query (event {@code answer_written}, and the model calls, tokens and
     * sentences kept and dropped in the metrics).
     */
    public void answerWritten(Job job, Query query, Answer answer) {
        metrics.answer(answer);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("query", query.label());
        data.put("model", answer.model());
        data.put("answered", answer.answered());
        if (!answer.answered()) data.put("note", answer.note());
        data.put("kept", answer.sentences().size());
        data.put("dropped", answer.dropped().size());
        Map<String, Long> why = new LinkedHashMap<>();
        for (Answer.Dropped d : answer.dropped()) why.merge(d.check(), 1L, Long::sum);
        if (!why.isEmpty()) data.put("dropped_by_check", why);
        data.put("calls", answer.usage().calls());
        data.put("prompt_tokens", answer.usage().promptTokens());
        data.put("completion_tokens", answer.usage().completionTokens());
        emit("answer_written", job, data);
    }

    /** The log line's words for an answer: sentences kept and dropped, or why there is none; safe to log. */
    public String answerLine(@Nullable Answer answer) {
        if (answer == null) return "no answer asked for";
        if (!answer.answered()) return "no answer: " + LogText.safe(answer.note());
        return "answer by " + LogText.safe(answer.model()) + ": "
                + answer.sentences().size() + " sentence(s) kept, "
                + answer.dropped().size() + " dropped; " + answer.usage().calls() + " call(s), "
                + answer.usage().tokens() + " token(s)";
    }

    /**
     * Records a written report. A query that got no page (nothing fetched: no results, every page failed, or not
     * searched) is empty: counted in the job's tally, the metrics and {@link #emptyQueries()}.
     */
    public void reportWritten(Job job, Query query, Report report) {
        boolean empty = report.fetched() == 0;
        tally(job).report(empty);
        if (empty) {
            emptyQueries.incrementAndGet();
            metrics.emptyQuery();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("query", query.label());
        data.put("report", report.markdownFile().toString());
        data.put("sources", report.fetched());
        data.put("not_retrieved", report.notRetrieved());
        data.put("findings", report.findings());
        data.put("empty", empty);
        if (report.changes() >= 0) data.put("changes", report.changes());
        emit("report_written", job, data);
    }

    private JobTally tally(Job job) {
        return tallies.computeIfAbsent(job.folder(), k -> new JobTally(clock.instant()));
    }

    private void emit(String type, Job job, Map<String, Object> data) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("time", clock.instant().toString());
        event.put("event", type);
        event.put("job", job.name());
        if (job.run() != null) event.put("run", job.run());
        event.putAll(data);
        events.append(event);
    }
}
