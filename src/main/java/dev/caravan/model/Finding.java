package dev.caravan.model;

import java.util.List;

/**
 * A key finding: a passage quoted from the sources, with the source numbers that say it.
 *
 * @param text the passage, verbatim, then on a line of its own what it shows after it, the page's own too (the short
 *     code block a lead-in introduces, the line of code under a comment), if anything
 * @param context what the passage needs to stand alone, the page's own words (a table's header row, the lead-in of a
 *     list or of code, a code line's heading), or empty; shown beside the quote, never part of it
 * @param citations source numbers, each pointing at a fetched page, the page it was quoted from first
 * @param relevance how well it answers the query, 0 to 1
 */
public record Finding(String text, String context, List<Integer> citations, double relevance) {

    public Finding {
        citations = List.copyOf(citations);
    }

    /** A finding that stands alone. */
    public Finding(String text, List<Integer> citations, double relevance) {
        this(text, "", citations, relevance);
    }
}
