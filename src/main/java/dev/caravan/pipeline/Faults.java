package dev.caravan.pipeline;

/**
 * The one error policy of every route ({@code routes/00-errors.yaml}): a fault becomes part of the result of the unit
 * of work it happened in, whatever route it happened in, and the steps left skip that unit. A page that fails becomes a failed page of its
 * query; a query whose search fails fails its job; a job that fails is disposed of by its intake (failed folder,
 * dead-letter queue, log). Faults outside a unit of work (the HTTP routes) go back to their caller unhandled.
 * Thread-safe.
 */
public class Faults {

    private final PageSteps pages;
    private final QuerySteps queries;
    private final JobSteps jobs;

    public Faults(PageSteps pages, QuerySteps queries, JobSteps jobs) {
        this.pages = pages;
        this.queries = queries;
        this.jobs = jobs;
    }

    /** True when the body is a unit of work, which takes the fault in as its result. */
    public boolean handles(Object body) {
        return body instanceof PageWork || body instanceof QueryRun || body instanceof JobRun;
    }

    /** The unit of work with the fault recorded in it. */
    public Object settle(Object body, Exception fault) {
        if (body instanceof PageWork page) return pages.failed(page, fault);
        if (body instanceof QueryRun query) return queries.failed(query, fault);
        if (body instanceof JobRun run) return jobs.failed(run, fault);
        return body;
    }
}
