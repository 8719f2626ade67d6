package dev.caravan.model;

import java.util.List;
import java.util.Objects;

/**
 * A research job: the queries of one job file (or message), run in order.
 *
 * @param name the job's name, the base name of its file; it names the report folder
 * @param queries at least one query
 */
public record Job(String name, List<Query> queries) {

    public Job {
        Objects.requireNonNull(name, "name");
        queries = List.copyOf(queries);
    }
}
