package dev.caravan.rank;

import dev.caravan.model.Passage;
import java.util.Set;

/** A passage of one page while a query is ranked: what the rankings measured of it. Not thread-safe; one ranking. */
final class Candidate {

    final int page;
    final Passage passage;
    /** The analysed words the lexical ranking reads of it ({@link Analysis#lexicalText}). */
    final Set<String> terms;
    /**
     * Its own analysed words, a line of code's compound names unsplit: what says whether two candidates say the same
     * thing. Split, {@code df.groupby('a').sum()} and {@code df.groupby('a').mean()} would share most of their words.
     */
    final Set<String> words;

    double bm25;
    double coverage;
    float[] vector;
    double cosine;
    /** The cosine with the query less the words that run through this candidate's page ({@link PassageRanker}). */
    double residualCosine;

    double relevance;
    double score;

    Candidate(int page, Passage passage) {
        this.page = page;
        this.passage = passage;
        this.words = Analysis.terms(passage.text());
        String lexical = Analysis.lexicalText(passage);
        this.terms = lexical.equals(passage.text()) ? words : Analysis.terms(lexical);
    }
}
