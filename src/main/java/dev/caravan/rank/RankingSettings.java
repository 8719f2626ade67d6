package dev.caravan.rank;

/**
 * Typed ranking configuration, validated once at startup.
 *
 * @param maxFindings the most findings per report ({@code research.report.max-findings})
 * @param maxPerSource the most findings quoted from one page ({@code research.report.max-findings-per-source})
 * @param minRelevance the relevance floor, 0 to 1: a passage below it is never a finding, and a page whose best
 *     passage is below it is marked as not relevant ({@code research.report.min-relevance}); NaN (the key left empty)
 *     for the floor fitted for the model, which reads on its own cosine scale (0.35 all-MiniLM-L6-v2, 0.77 E5 small)
 * @param rerankCandidates how many of the best lexical candidates the model re-scores
 *     ({@code research.report.rerank-candidates})
 * @param minCoverage the floor when relevance is query coverage alone, without the model: lexical-only mode, or a
 *     model that failed ({@code research.report.min-relevance-lexical})
 */
public record RankingSettings(
        int maxFindings, int maxPerSource, double minRelevance, int rerankCandidates, double minCoverage) {

    /** Passages kept per page by the lexical first pass. */
    public static final int CANDIDATES_PER_PAGE = 40;

    public RankingSettings {
        if (maxFindings < 1)
            throw new IllegalArgumentException("research.report.max-findings must be at least 1, got " + maxFindings);
        if (maxPerSource < 1) {
            throw new IllegalArgumentException(
                    "research.report.max-findings-per-source must be at least 1, got " + maxPerSource);
        }
        if (!Double.isNaN(minRelevance) && !(minRelevance >= 0 && minRelevance <= 1)) {
            throw new IllegalArgumentException(
                    "research.report.min-relevance must be between 0 and 1, got " + minRelevance);
        }
        if (!(minCoverage >= 0 && minCoverage <= 1)) {
            throw new IllegalArgumentException(
                    "research.report.min-relevance-lexical must be between 0 and 1, got " + minCoverage);
        }
        if (rerankCandidates < 1 || rerankCandidates > 1000) {
            throw new IllegalArgumentException(
                    "research.report.rerank-candidates must be from 1 to 1000, got " + rerankCandidates);
        }
    }

    /** Settings with one floor for both modes. */
    public RankingSettings(int maxFindings, int maxPerSource, double minRelevance, int rerankCandidates) {
        this(maxFindings, maxPerSource, minRelevance, rerankCandidates, minRelevance);
    }
}
