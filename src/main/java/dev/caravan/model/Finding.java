package dev.caravan.model;

import java.util.List;

/**
 * A key finding: a passage quoted from the sources, with the source numbers that say it.
 *
 * @param text the passage, verbatim, then on the next lines what it shows after it, the page's own text too (what a
 *     lead-in introduces: a short code block, a sentence or a list's first items; the lines under a comment down to
 *     its code), if anything
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
