package dev.caravan.pipeline;

import dev.caravan.answer.Answerer;
import dev.caravan.fetch.FetchPlanner;
import dev.caravan.model.Answer;
import dev.caravan.model.FetchTask;
import dev.caravan.model.Query;
import dev.caravan.model.Report;
import dev.caravan.model.SearchResults;
import dev.caravan.progress.Progress;
import dev.caravan.report.ReportBuilder;
import dev.caravan.report.ReportWriter;
import dev.caravan.search.Searcher;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The steps of the query stage, one bean method per step of the query, search and report routes, each taking and
 * returning the query's {@link QueryRun}. Thread-safe.
 */
public class QuerySteps {

    private final Searcher searcher;
    private final FetchPlanner planner;
    private final ReportBuilder reports;
    private final ReportWriter writer;
    private final PageClaims claims;
    private final @Nullable Answerer answerer;
    private final Progress progress;

    /** @param answerer the answer step, or null when no answer model is configured ({@code research.llm.base-url}) */
    public QuerySteps(
            Searcher searcher,
            FetchPlanner planner,
            PageClaims claims,
            ReportBuilder reports,
            @Nullable Answerer answerer,
            ReportWriter writer,
            Progress progress) {
        this.searcher = searcher;
        this.planner = planner;
        this.claims = claims;
        this.reports = reports;
        this.answerer = answerer;
        this.writer = writer;
        this.progress = progress;
    }

    /**
     * Searches (a query that lists its pages is not a search), within the job's budget, and plans the pages to fetch.
     * A job's queries search, and decide how they will have each page ({@link PageClaims}), one at a time in the job's
     * order ({@link JobState}). A query of a job that has already
     * failed is skipped: it comes back not searched. A retryable failure keeps the query's turn for the retry.
     */
    public QueryRun search(QueryRun query) throws Exception {
        query.run().state().awaitSearchTurn(query.index());
        if (query.run().failed()) {
            query.run().state().passSearchTurn(query.index());
            return query;
        }
        progress.searchStarted(query.run().job(), query.index(), query.query());
        SearchResults results = searcher.search(query.run().budget(), query.query());
        progress.searchFinished(query.run().job(), query.query(), results);
        List<FetchTask> plan = planner.plan(query.query(), results);
        List<PageClaims.Claim> planned = new ArrayList<>();
        for (FetchTask task : plan)
            planned.add(claims.claim(task.normalizedUrl(), query.run().budget()));
        query.run().state().passSearchTurn(query.index());
        return query.withSearch(results, plan, planned);
    }

    /** The log line's words for the search: what it returned, that it was not searched, or that it is no search. */
    public String searchLine(QueryRun query) {
        return progress.searchLine(query.query(), query.search());
    }

    /** One fetch-stage body per page to fetch. */
    public List<PageWork> pages(QueryRun query) {
        List<PageWork> pages = new ArrayList<>();
        for (int i = 0; i < query.tasks().size(); i++)
            pages.add(PageWork.of(query, query.tasks().get(i), query.claims().get(i)));
        return pages;
    }

    /** Numbers the query's fetched pages and chooses its findings. */
    public QueryRun findings(QueryRun query) {
        return query.withDraft(reports.draft(query.run().job(), query.index(), query.search(), query.pages()));
    }

    /**
     * Asks the answer model for an answer from the findings and keeps the sentences that pass the checks, when the
     * query wants one ({@code "answer"}, else {@code research.llm.answer}). With no model configured nothing is asked:
     * a query that asked for an answer all the same gets a one-line note saying so.
     */
    public QueryRun answer(QueryRun query) {
        ReportBuilder.Draft draft =
                query.draft() != null ? query.draft() : findings(query).draft();
        QueryRun chosen = query.withDraft(draft);
        Query q = query.query();
        Answer answer;
        if (answerer == null || query.run().modelBudget() == null) {
            if (!Boolean.TRUE.equals(q.answer()) || !q.searches()) return chosen;
            answer = Answer.none("", "no answer model is configured (research.llm.base-url)", Answer.Usage.NONE);
        } else {
            if (!answerer.wanted(q)) return chosen;
            answer = answerer.answer(q.text(), draft.findings(), query.run().modelBudget());
        }
        progress.answerWritten(query.run().job(), q, answer);
        return chosen.withAnswer(answer);
    }

    /** The log line's words for the answer: how many sentences were kept and dropped, or why there is none. */
    public String answerLine(QueryRun query) {
        return progress.answerLine(query.answer());
    }

    /** Builds and writes the query's report from its findings and, when there is one, the model's answer. */
    public QueryRun report(QueryRun query) {
        ReportBuilder.Draft draft = query.draft() != null
                ? query.draft()
                : reports.draft(query.run().job(), query.index(), query.search(), query.pages());
        Report report = writer.write(reports.build(draft, query.answer()));
        progress.reportWritten(query.run().job(), query.query(), report);
        return query.withReport(report);
    }

    /** A search that failed: recorded, and the job fails with it, so its queries not yet started are skipped. */
    QueryRun failed(QueryRun query, Throwable error) {
        if (!query.searched()) progress.searchFailed(query.run().job(), query.query(), error);
        query.run().state().fail(error);
        query.run().state().passSearchTurn(query.index());
        return query;
    }
}
