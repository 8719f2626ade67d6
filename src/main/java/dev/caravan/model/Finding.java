package dev.caravan.model;

import java.util.List;

/**
 * A key finding: a passage quoted from the sources, with the source numbers that say it.
 *
 * @param text the passage, verbatim
 * @param citations source numbers, each pointing at a fetched page, the page it was quoted from first
 * @param relevance how well it answers the query, 0 to 1
 */
public record Finding(String text, List<Integer> citations, double relevance) {

    public Finding {
        citations = List.copyOf(citations);
    }
}
