package dev.caravan.model;

/**
 * A candidate quote: one sentence of a page, or two consecutive sentences of one paragraph when the second only makes
 * sense after the first. The text is the page's own, character for character.
 *
 * <p>A list item, a table row, a line of code, a heading or a "Label: value" line is a passage too; it may need a
 * {@code context} to stand alone: a table row's header cells, the words that introduce a list or a code block, the
 * comment above a line of code.
 *
 * @param text the quote
 * @param heading the heading the passage sits under on its page, or empty; helps match it, never quoted
 * @param position index of its (last) sentence among the page's sentences, from 0
 * @param score the page-local lexical score that made it a candidate (0 when the query has no text)
 * @param kind the kind of block it is quoted from
 * @param context what a reader needs to read it alone, the page's own text, or empty; shown beside it, never quoted
 * @param output a line of code that is what a command printed ({@code go: creating new go.mod}), not something typed;
 *     false for every other passage
 * @param shows what a finding quotes right after the passage, the page's own text, or empty: what a sentence ending in
 *     a colon introduces ("Thus, this function returns 2:" then a short code block; "... the following line:" then the
 *     next paragraph's first sentence; the first items of a list), or the lines under a comment down to the line of
 *     code it is about ({@code -- JSONB index for querying JSON data}), which the passage alone only announces. The
 *     ranking reads the passage without it.
 */
public record Passage(
        String text,
        String heading,
        int position,
        double score,
        TextBlock.Kind kind,
        String context,
        boolean output,
        String shows) {

    /** A passage that quotes nothing after it. */
    public Passage(
            String text,
            String heading,
            int position,
            double score,
            TextBlock.Kind kind,
            String context,
            boolean output) {
        this(text, heading, position, score, kind, context, output, "");
    }

    /** A passage that is no output of a command. */
    public Passage(String text, String heading, int position, double score, TextBlock.Kind kind, String context) {
        this(text, heading, position, score, kind, context, false);
    }

    /** A sentence of prose, which needs no context. */
    public Passage(String text, String heading, int position, double score) {
        this(text, heading, position, score, TextBlock.Kind.PARAGRAPH, "");
    }

    /** The same passage with the score a ranking pass gave it. */
    public Passage scored(double newScore) {
        return new Passage(text, heading, position, newScore, kind, context, output, shows);
    }

    /** The same passage, showing {@code after} when it is quoted. */
    public Passage showing(String after) {
        return new Passage(text, heading, position, score, kind, context, output, after);
    }

    /** What a finding quotes: the passage, then on the next line what it {@link #shows}, if anything. */
    public String quoted() {
        return shows.isEmpty() ? text : text + "\n" + shows;
    }
}
