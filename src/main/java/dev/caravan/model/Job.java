package dev.caravan.model;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A research job: the queries of one job file (or message), run in order.
 *
 * @param name the job's name, the base name of its file; it names the report folder
 * @param queries at least one query
 * @param run the run's label for scheduled jobs (e.g. {@code 2026-11-22T0200}), so each run keeps its own reports;
 *     null for jobs dropped into the input folder
 */
public record Job(
        String name, List<Query> queries, @Nullable String run, Limits limits) {

    /**
     * What the job itself allows searching to spend; it can only lower the configured budgets. Null: not set.
     *
     * @param searchCalls most search calls for this job
     * @param credits most search credits for this job
     * @param pages most pages fetched for this job
     */
    public record Limits(
            @Nullable Integer searchCalls,
            @Nullable Integer credits,
            @Nullable Integer pages) {
        public static final Limits NONE = new Limits(null, null, null);
    }

    public Job {
        Objects.requireNonNull(name, "name");
        queries = List.copyOf(queries);
        limits = limits == null ? Limits.NONE : limits;
    }

    public Job(String name, List<Query> queries, String run) {
        this(name, queries, run, Limits.NONE);
    }

    public Job(String name, List<Query> queries) {
        this(name, queries, null);
    }

    /** The same job as one dated run of a schedule. */
    public Job asRun(String runLabel) {
        return new Job(name, queries, runLabel, limits);
    }

    /** The job's folder under the output folder: {@code <name>} or {@code <name>/<run>}. */
    public String folder() {
        return run == null ? name : name + "/" + run;
    }
}
