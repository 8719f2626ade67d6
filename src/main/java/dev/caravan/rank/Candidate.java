package dev.caravan.rank;

import dev.caravan.model.Passage;
import java.util.Set;

/** A passage of one page while a query is ranked: what the rankings measured of it. Not thread-safe; one ranking. */
final class Candidate {

    final int page;
    final Passage passage;
    final Set<String> terms;
    double bm25;
    double coverage;
    float[] vector;
    double cosine;
    /** The cosine with the query less the words that run through this candidate's page ({@link PassageRanker}). */
    double residualCosine;

    double relevance;
    double score;

    Candidate(int page, Passage passage, Set<String> terms) {
        this.page = page;
        this.passage = passage;
        this.terms = terms;
    }
}
