package dev.caravan.pipeline;

import dev.caravan.model.Answer;
import dev.caravan.model.FetchTask;
import dev.caravan.model.LogText;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.Report;
import dev.caravan.model.SearchResults;
import dev.caravan.report.ReportBuilder;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The message body of the query stage: one query of a job, filled in as it goes: its search results and the pages to
 * fetch, then the fetched pages, then its report.
 *
 * @param run the job it belongs to
 * @param index its position in the job, from 0
 * @param query what was asked
 * @param search its search results; null until searched, or when it was skipped or failed
 * @param tasks the pages to fetch, in report order
 * @param claims how each task's page will be had (cache, another query, this query, or not at all)
 * @param pages the pages as fetched, in task order
 * @param draft its findings and the citation numbers of its pages, once chosen
 * @param answer the answer model's checked answer, when one was asked for
 * @param report its report, once written
 */
public record QueryRun(
        JobRun run,
        int index,
        Query query,
        @Nullable SearchResults search,
        List<FetchTask> tasks,
        List<PageClaims.Claim> claims,
        List<PageResult> pages,
        ReportBuilder.@Nullable Draft draft,
        @Nullable Answer answer,
        @Nullable Report report) {

    public QueryRun {
        tasks = tasks == null ? List.of() : List.copyOf(tasks);
        claims = claims == null ? List.of() : List.copyOf(claims);
        pages = pages == null ? List.of() : List.copyOf(pages);
    }

    static QueryRun of(JobRun run, int index, Query query) {
        return new QueryRun(run, index, query, null, null, null, null, null, null, null);
    }

    /** True once the search (or, for a query that lists its pages, the plan) is done: the pages can be fetched. */
    public boolean searched() {
        return search != null;
    }

    QueryRun withSearch(SearchResults results, List<FetchTask> plan, List<PageClaims.Claim> planned) {
        return new QueryRun(run, index, query, results, plan, planned, null, null, null, null);
    }

    QueryRun withPages(List<PageResult> fetched) {
        return new QueryRun(run, index, query, search, tasks, claims, fetched, null, null, null);
    }

    QueryRun withDraft(ReportBuilder.Draft chosen) {
        return new QueryRun(run, index, query, search, tasks, claims, pages, chosen, null, null);
    }

    QueryRun withAnswer(Answer written) {
        return new QueryRun(run, index, query, search, tasks, claims, pages, draft, written, null);
    }

    QueryRun withReport(Report written) {
        return new QueryRun(run, index, query, search, tasks, claims, pages, draft, answer, written);
    }

    /** The prefix of its log lines: {@code [job-folder index]}, safe to log. */
    /** How many pages the query fetches, for its log line: {@code 1 page}, {@code 4 pages}. */
    public String pageCount() {
        return LogText.count(tasks.size(), "page", "pages");
    }

    public String tag() {
        return "[" + run.logName() + " " + index + "]";
    }

    /** The query's text (or its list of pages) as it may appear in a log line. */
    public String logLabel() {
        return LogText.safe(query.label());
    }
}
