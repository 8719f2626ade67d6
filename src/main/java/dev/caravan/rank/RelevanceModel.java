package dev.caravan.rank;

import dev.caravan.model.TextBlock.Kind;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How much a candidate passage looks like the answer to the query: a weighted sum of a few measurements of it
 * ({@link Feature}), each scaled to mean the same thing for every query (a share of the query's best, a share of the
 * query's words), so that one set of weights serves every query and every dataset.
 *
 * <p>The weights are fitted, not set by hand: {@code bench/fit-ranking.sh} measures these features on the research
 * kit's tune half and fits them by listwise logistic regression (the answer passage against the other candidates of its
 * query, L2-regularised), with five-fold cross-validation over questions to pick the regularisation; the check half is
 * only used to decide whether a change is kept. There are two sets: with the sentence-embedding model, and lexical-only
 * (the model's features weigh 0). Each model scores text on its own cosine scale (the median cosine of a query and an
 * unrelated passage is 0.04 for all-MiniLM-L6-v2, 0.39 for BGE small, 0.73 for E5 small), so a model has its own
 * weights, relevance floor and "same finding" cosine ({@link Fitted}, {@link #fitted}): all-MiniLM-L6-v2's are the
 * {@link Feature} weights below, E5 small's are in {@link #E5_SMALL}; a model without its own uses all-MiniLM-L6-v2's.
 *
 * <p>What each feature is worth with the model, refitted without it (bench/fit_ranking.py --l2 3 --ablate,
 * 2026-11-27, the share of questions answered in the first five, cross-validated on tune / estimated on check): all
 * eleven 0.84 / 0.79; without the source 0.83 / 0.76; residual cosine 0.82 / 0.73; BM25 share 0.80 / 0.74; answer
 * kind 0.81 / 0.75; neighbours' BM25 0.82 / 0.80; cosine 0.86 / 0.75; restates 0.84 / 0.77; page cosine gap 0.85 /
 * 0.77; page coverage gap 0.85 / 0.80; table row 0.85 / 0.78; context 0.84 / 0.80. Lexical-only, all eight 0.65 /
 * 0.54; without the source 0.65 / 0.53; BM25 share 0.64 / 0.51; neighbours 0.64 / 0.53; restates 0.64 / 0.54.
 *
 * <p>Refitted after the model began to read a sentence with its heading ({@code PassageRanker}), the estimate rose
 * (cross-validated on tune 0.90 against 0.87; check 0.83 either way), but bench/research.sh gave tune / forms / check
 * 0.870 / 0.850 / 0.840 with the refitted weights against 0.880 / 0.850 / 0.850 with these, which were kept. The
 * refitted ones also ranked a sentence that restates the question above the one holding the number asked for
 * ({@code PassageRankerTest}, the mindfulness trial).
 * Stateless.
 */
final class RelevanceModel {

    /** What is measured of a candidate, and its weight with all-MiniLM-L6-v2 and without a model. */
    enum Feature {
        /** The model's cosine similarity of query and passage (with its context). */
        COSINE(3.86, 0),
        /** Its BM25 score as a share of the query's best BM25 score. */
        BM25_SHARE(3.81, 6.79),
        /**
         * Whether it holds the kind of answer asked for ({@link AnswerType}): 1 when it does, -1 when it does not, 0
         * when the question asks no particular kind, or one that other passages may answer too ("which CSS
         * declaration ...": a line of code holds it, a sentence naming the property does not lack it). For such a
         * question, a command's output ({@link CodeLines}) is -1 unless the question asks what a program printed
         * ({@link Asked#output}): "Created symlink ..." is not how to make a machine boot to the console. A question
         * asking for a kind that only that kind answers keeps the rule above: an output line may hold the version or
         * name asked for ({@code Python 3.10.12}). The weights were fitted before this rule and not refitted.
         * Measured in docs/benchmarks.md ("A command's output, set apart from it").
         */
        ANSWER_KIND(1.48, 1.53),
        /** The share of its words that are the query's: high for a passage that only restates the question. */
        RESTATES(-2.95, -2.37),
        /** The best BM25 share of the candidates up to two passages before or after it on its page. */
        NEIGHBOUR_BM25(2.18, 2.41),
        /** Its page's query coverage (all its candidates' words) minus the best page's. */
        PAGE_COVERAGE_GAP(3.44, 4.01),
        /** Its page's best cosine minus the query's best cosine. */
        PAGE_COSINE_GAP(4.07, 0),
        /** It has context to stand alone (a table's header row, a list's lead-in, a code block's introduction). */
        HAS_CONTEXT(0.7, 0.84),
        /** It is a table row. */
        TABLE_ROW(1.8, 2.02),
        /**
         * The model's cosine similarity of the passage and what the query asks beyond what its page is about (the
         * query without the words that run through the page; {@link PassageRanker}).
         */
        RESIDUAL_COSINE(8.01, 0),
        /**
         * How its page's source covers the query: the share of the query's IDF weight in the page's title and host name
         * ("How long should a beginner meditate, according to Harvard Health?" on health.harvard.edu). Questions often
         * name whose page answers them; the passages of that page seldom repeat the name.
         */
        SOURCE(11.73, 12.38);

        final double withModel;
        final double lexical;

        Feature(double withModel, double lexical) {
            this.withModel = withModel;
            this.lexical = lexical;
        }
    }

    /**
     * What was fitted for one sentence-embedding model: its feature weights (in {@link Feature} order), its relevance
     * floor (the least relevance a finding has: the higher of the model's cosine and the query coverage) and the cosine
     * at and above which two passages say the same thing. The weights come from {@code bench/fit-ranking.sh} then
     * {@code bench/fit_ranking.py --l2 3 --floors ...} on the tune half; the floor is the highest at which the tune
     * half's estimated answer@5 is still its best (fewer, safer findings; a page whose best passage is under it is
     * marked not relevant), and the "same finding" cosine the lowest of 0.9, 0.95 and 0.97 that gave the best answer@5 in
     * {@code bench/research.sh} on tune.
     */
    record Fitted(String model, double[] weights, double floor, double sameCosine) {
        Fitted {
            if (weights.length != Feature.values().length)
                throw new IllegalArgumentException(model + ": one weight per feature, got " + weights.length);
            weights = weights.clone();
        }

        /** The weight of {@code feature} with this model. */
        double weight(Feature feature) {
            return weights[feature.ordinal()];
        }
    }

    /** all-MiniLM-L6-v2 (the default model): the {@link Feature} weights, floor 0.35, "same finding" cosine 0.9. */
    static final Fitted ALL_MINILM = new Fitted(
            "all-minilm-l6-v2-q",
            Arrays.stream(Feature.values()).mapToDouble(f -> f.withModel).toArray(),
            0.35,
            0.9);

    /**
     * E5 small v2, fitted 2026-11-27 (issue 20). Its cosines run high (a query and an unrelated passage 0.73 median,
     * an answer passage 0.87): the floor is 0.77, not 0.35, and two passages are the same finding from 0.95, not 0.9
     * (bench/research.sh, tune: 0.85 at 0.9, 0.88 at 0.95 and 0.97). Estimated by bench/fit_ranking.py, cross-validated
     * on tune / on check: all eleven features 0.88 / 0.80; without the cosine 0.87 / 0.77; residual cosine 0.83 / 0.73;
     * page cosine gap 0.87 / 0.79; source 0.87 / 0.76; answer kind 0.87 / 0.78; neighbours' BM25 0.89 / 0.77. With the
     * floor at 0.35 instead, tune's estimate is the same (0.89) but every page, the unrelated one too, counts as
     * relevant (its best passage's cosine is 0.76 median).
     */
    static final Fitted E5_SMALL = new Fitted(
            "e5-small-v2-q",
            new double[] {20.9826, 2.6231, 1.3356, -1.8724, 1.9413, 3.0782, 19.536, 0.3372, 1.7513, 38.7609, 11.9928},
            0.77,
            0.95);

    private static final Map<String, Fitted> BY_MODEL = Map.of(E5_SMALL.model(), E5_SMALL);

    /** What was fitted for model {@code name} (a {@code research.report.model} name), else all-MiniLM-L6-v2's. */
    static Fitted fitted(String name) {
        return BY_MODEL.getOrDefault(name, ALL_MINILM);
    }

    /** How far before or after a passage its neighbours are looked for. */
    static final int NEIGHBOURHOOD = 2;

    private RelevanceModel() {}

    /**
     * The features of every candidate of one query ({@code all}, with their BM25, coverage and, when {@code semantic},
     * cosine filled in), in {@link Feature} order.
     */
    static double[][] features(
            List<Candidate> all, Set<String> queryTerms, Asked asked, LexicalIndex index, boolean semantic) {
        return features(all, queryTerms, asked, index, semantic, Map.of());
    }

    /** As above, with the analysed words of each page's source (title and host name), by page, for {@link Feature#SOURCE}. */
    static double[][] features(
            List<Candidate> all,
            Set<String> queryTerms,
            Asked asked,
            LexicalIndex index,
            boolean semantic,
            Map<Integer, Set<String>> sourceTerms) {
        double bestBm25 = 0;
        double bestCosine = -1;
        Map<Integer, Set<String>> pageTerms = new HashMap<>();
        Map<Integer, Double> pageCosine = new HashMap<>();
        Map<Integer, Map<Integer, Double>> bm25ByPosition = new HashMap<>();
        for (Candidate c : all) {
            bestBm25 = Math.max(bestBm25, c.bm25);
            pageTerms.computeIfAbsent(c.page, p -> new HashSet<>()).addAll(c.terms);
            bm25ByPosition.computeIfAbsent(c.page, p -> new HashMap<>()).merge(c.passage.position(), c.bm25, Math::max);
            if (semantic && c.vector != null) {
                bestCosine = Math.max(bestCosine, c.cosine);
                pageCosine.merge(c.page, c.cosine, Math::max);
            }
        }
        Map<Integer, Double> pageCoverage = new HashMap<>();
        double bestPageCoverage = 0;
        for (Map.Entry<Integer, Set<String>> page : pageTerms.entrySet()) {
            double coverage = index.coverage(page.getValue());
            pageCoverage.put(page.getKey(), coverage);
            bestPageCoverage = Math.max(bestPageCoverage, coverage);
        }
        Map<Integer, Double> sourceCoverage = new HashMap<>();
        double[][] features = new double[all.size()][];
        for (int i = 0; i < all.size(); i++) {
            Candidate c = all.get(i);
            double[] f = new double[Feature.values().length];
            if (semantic && c.vector != null) {
                f[Feature.COSINE.ordinal()] = c.cosine;
                f[Feature.PAGE_COSINE_GAP.ordinal()] = pageCosine.get(c.page) - bestCosine;
                f[Feature.RESIDUAL_COSINE.ordinal()] = c.residualCosine;
            }
            f[Feature.BM25_SHARE.ordinal()] = share(c.bm25, bestBm25);
            if (asked.particular()) {
                f[Feature.ANSWER_KIND.ordinal()] = asked.heldBy(c.passage, queryTerms)
                        ? 1
                        : asked.type().exclusive() || (c.passage.output() && !asked.output()) ? -1 : 0;
            } else if (c.passage.output() && !asked.output()) {
                f[Feature.ANSWER_KIND.ordinal()] = -1;
            }
            f[Feature.RESTATES.ordinal()] = restates(c.terms, queryTerms);
            f[Feature.NEIGHBOUR_BM25.ordinal()] =
                    share(neighbourBm25(bm25ByPosition.get(c.page), c.passage.position()), bestBm25);
            f[Feature.PAGE_COVERAGE_GAP.ordinal()] = pageCoverage.get(c.page) - bestPageCoverage;
            f[Feature.HAS_CONTEXT.ordinal()] = c.passage.context().isEmpty() ? 0 : 1;
            f[Feature.TABLE_ROW.ordinal()] = c.passage.kind() == Kind.TABLE_ROW ? 1 : 0;
            f[Feature.SOURCE.ordinal()] =
                    sourceCoverage.computeIfAbsent(c.page, p -> index.coverage(sourceTerms.getOrDefault(p, Set.of())));
            features[i] = f;
        }
        return features;
    }

    /** The weighted sum of {@code features} (in {@link Feature} order), with all-MiniLM's weights or lexical-only. */
    static double score(double[] features, boolean semantic) {
        return score(features, semantic ? ALL_MINILM : null);
    }

    /** The weighted sum of {@code features} (in {@link Feature} order), with {@code model}'s weights, or lexical-only. */
    static double score(double[] features, Fitted model) {
        double sum = 0;
        for (Feature f : Feature.values()) sum += features[f.ordinal()] * (model != null ? model.weight(f) : f.lexical);
        return sum;
    }

    private static double share(double value, double best) {
        return best <= 0 ? 0 : value / best;
    }

    private static double restates(Set<String> terms, Set<String> queryTerms) {
        if (terms.isEmpty()) return 0;
        int shared = 0;
        for (String t : terms) if (queryTerms.contains(t)) shared++;
        return (double) shared / terms.size();
    }

    private static double neighbourBm25(Map<Integer, Double> byPosition, int position) {
        double best = 0;
        for (int d = -NEIGHBOURHOOD; d <= NEIGHBOURHOOD; d++) {
            if (d != 0) best = Math.max(best, byPosition.getOrDefault(position + d, 0.0));
        }
        return best;
    }
}
