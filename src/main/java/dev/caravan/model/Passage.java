package dev.caravan.model;

/**
 * A candidate quote: one sentence of a page, or two consecutive sentences of one paragraph when the second only makes
 * sense after the first. The text is the page's own, character for character.
 *
 * @param text the quote
 * @param heading the heading the passage sits under on its page, or empty; helps match it, never quoted
 * @param position index of its (last) sentence among the page's sentences, from 0
 * @param score the page-local lexical score that made it a candidate (0 when the query has no text)
 */
public record Passage(String text, String heading, int position, double score) {

    /** The same passage with the score a ranking pass gave it. */
    public Passage scored(double newScore) {
        return new Passage(text, heading, position, newScore);
    }
}
