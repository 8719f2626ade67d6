package dev.caravan.pipeline;

import dev.caravan.fetch.FetchPlanner;
import dev.caravan.model.FetchTask;
import dev.caravan.model.Report;
import dev.caravan.model.SearchResults;
import dev.caravan.progress.Progress;
import dev.caravan.report.ReportBuilder;
import dev.caravan.report.ReportWriter;
import dev.caravan.search.Searcher;
import java.util.ArrayList;
import java.util.List;

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
    private final Progress progress;

    public QuerySteps(
            Searcher searcher,
            FetchPlanner planner,
            PageClaims claims,
            ReportBuilder reports,
            ReportWriter writer,
            Progress progress) {
        this.searcher = searcher;
        this.planner = planner;
        this.claims = claims;
        this.reports = reports;
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

    /** Builds and writes the query's report from its fetched pages. */
    public QueryRun report(QueryRun query) {
        Report report = writer.write(reports.build(query.run().job(), query.index(), query.search(), query.pages()));
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
