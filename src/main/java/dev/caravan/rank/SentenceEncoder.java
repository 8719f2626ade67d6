package dev.caravan.rank;

import java.util.List;

/**
 * Turns texts into unit-length vectors whose dot product says how close their meanings are. The extension point for
 * the semantic half of the ranking; implementations are thread-safe.
 */
public interface SentenceEncoder {

    /** One unit vector per text, in order. */
    float[][] encode(List<String> texts);

    /**
     * The model's name as {@code research.report.model} gives it: it selects the ranking's weights fitted for that
     * model ({@code RelevanceModel}); empty for an encoder without fitted weights (all-MiniLM-L6-v2's are used).
     */
    default String name() {
        return "";
    }

    /** The text to encode for a search query (some models want an instruction in front of it). */
    default String queryText(String query) {
        return query;
    }

    /** The text to encode for a passage that may answer a query (some models want a marker in front of it). */
    default String passageText(String passage) {
        return passage;
    }
}
