package dev.caravan.rank;

import dev.caravan.model.Passage;
import dev.caravan.model.TextBlock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Picks the passages that answer a query, in two passes.
 *
 * <ol>
 *   <li>Per page, as soon as it is fetched: Lucene BM25 over the page's quotable passages keeps the best
 *       {@value RankingSettings#CANDIDATES_PER_PAGE} that share a word with the query (cheap, no model).
 *   <li>Per query, over the candidates of all its pages together: BM25 again, now with the statistics of all pages;
 *       the best {@code rerank-candidates} of them (and the best two of every page, so that no page is judged
 *       unseen) are scored by the sentence-embedding model. Relevance fuses the model's cosine similarity with the
 *       passage's query coverage (the share of the query's IDF weight it contains), both absolute, so one floor
 *       means the same for every query. Findings are picked by maximal marginal relevance, so each says something
 *       new, with a share of the score for words the query does not have, so that an answer beats a passage that
 *       only restates the question; a near-duplicate on another page becomes a further citation of the finding it repeats.
 * </ol>
 *
 * <p>Without a model (lexical-only mode) relevance is the query coverage alone. Thread-safe.
 */
public final class PassageRanker {

    /** Weight of the model's similarity in relevance; the rest is query coverage. */
    static final double SEMANTIC_WEIGHT = 0.7;
    /** MMR: weight of relevance against similarity to the findings already picked. */
    static final double MMR_LAMBDA = 0.75;
    /** Passages at least this similar say the same thing: merged into one finding. */
    static final double SAME_COSINE = 0.9;

    static final double SAME_TERMS = 0.6;
    /**
     * Share of the ranking score that rewards words the query does not have: a passage that only restates the query
     * ("Teens switching to a vegetarian diet often ask...") is about it but does not answer it. The floor ignores it.
     */
    static final double NOVELTY = 0.3;
    /** Every page has at least this many of its best candidates re-scored by the model. */
    static final int RERANK_PER_PAGE = 2;

    private final RankingSettings settings;
    private final SentenceEncoder encoder;

    public PassageRanker(RankingSettings settings, Optional<SentenceEncoder> encoder) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.encoder = encoder.orElse(null);
    }

    /** First pass, for one page: its best candidate passages for {@code query}, best first (page order without text). */
    public List<Passage> candidates(List<TextBlock> blocks, String query) {
        List<Passage> all = Passages.of(blocks);
        Set<String> queryTerms = Analysis.terms(query);
        if (queryTerms.isEmpty()) return all.subList(0, Math.min(RankingSettings.CANDIDATES_PER_PAGE, all.size()));
        LexicalIndex index = LexicalIndex.score(all, queryTerms, null);
        List<Passage> kept = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            if (index.bm25(i) > 0) kept.add(all.get(i).scored(index.bm25(i)));
        }
        kept.sort(Comparator.comparingDouble(Passage::score).reversed().thenComparingInt(Passage::position));
        return List.copyOf(kept.subList(0, Math.min(RankingSettings.CANDIDATES_PER_PAGE, kept.size())));
    }

    /** Second pass: the findings among the candidates of every page of the query ({@code pages}, in report order). */
    public Ranking rank(String query, List<List<Passage>> pages) {
        Set<String> queryTerms = Analysis.terms(query);
        if (queryTerms.isEmpty()) return leads(pages);
        List<Candidate> all = new ArrayList<>();
        for (int page = 0; page < pages.size(); page++) {
            for (Passage p : pages.get(page)) all.add(new Candidate(page, p, Analysis.terms(p.text())));
        }
        LexicalIndex index = LexicalIndex.score(
                all.stream().map(c -> c.passage).toList(),
                queryTerms,
                all.stream().map(c -> c.terms).toList());
        for (int i = 0; i < all.size(); i++) {
            all.get(i).bm25 = index.bm25(i);
            all.get(i).coverage = index.coverage(i);
        }
        boolean semantic = encoder != null && embed(query, all, pages.size());
        for (Candidate c : all) {
            long novel = c.terms.stream().filter(t -> !queryTerms.contains(t)).count();
            c.novelty = c.terms.isEmpty() ? 0 : (double) novel / c.terms.size();
            c.relevance = !semantic
                    ? c.coverage
                    : c.vector == null
                            ? 0
                            : SEMANTIC_WEIGHT * Math.max(0, c.cosine) + (1 - SEMANTIC_WEIGHT) * c.coverage;
        }
        return new Ranking(pick(all, pages.size()), pageRelevance(all, pages.size()));
    }

    /** Adds the model's vectors to the best candidates; false when the model failed (the query is ranked lexically). */
    private boolean embed(String query, List<Candidate> all, int pageCount) {
        List<Candidate> byLexical = new ArrayList<>(all);
        byLexical.sort(Comparator.comparingDouble((Candidate c) -> c.bm25).reversed());
        Set<Candidate> chosen =
                new LinkedHashSet<>(byLexical.subList(0, Math.min(settings.rerankCandidates(), byLexical.size())));
        int[] perPage = new int[pageCount];
        for (Candidate c : byLexical) if (perPage[c.page]++ < RERANK_PER_PAGE) chosen.add(c);
        List<Candidate> batch = List.copyOf(chosen);
        List<String> texts = new ArrayList<>(batch.size() + 1);
        texts.add(encoder.queryText(query));
        for (Candidate c : batch) texts.add(encoder.passageText(c.passage.text()));
        float[][] vectors;
        try {
            vectors = encoder.encode(texts);
        } catch (RuntimeException modelFailed) {
            return false;
        }
        for (int i = 0; i < batch.size(); i++) {
            batch.get(i).vector = vectors[i + 1];
            batch.get(i).cosine = dot(vectors[0], vectors[i + 1]);
        }
        return true;
    }

    private List<Ranking.Pick> pick(List<Candidate> all, int pageCount) {
        List<Candidate> open = new ArrayList<>();
        for (Candidate c : all) if (c.relevance >= settings.minRelevance() && c.relevance > 0) open.add(c);
        open.sort(Comparator.comparingDouble((Candidate c) -> c.relevance)
                .reversed()
                .thenComparingInt(c -> c.page)
                .thenComparingInt(c -> c.passage.position()));
        List<Candidate> chosen = new ArrayList<>();
        List<Set<Integer>> alsoOn = new ArrayList<>();
        int[] perPage = new int[pageCount];
        while (!open.isEmpty()) {
            Candidate best = null;
            double bestScore = Double.NEGATIVE_INFINITY;
            for (var it = open.iterator(); it.hasNext(); ) {
                Candidate c = it.next();
                double similar = 0;
                boolean merged = false;
                for (int k = 0; k < chosen.size() && !merged; k++) {
                    Candidate f = chosen.get(k);
                    if (same(c, f)) {
                        if (c.page != f.page) alsoOn.get(k).add(c.page);
                        merged = true;
                    }
                    similar = Math.max(similar, similarity(c, f));
                }
                if (merged) {
                    it.remove();
                    continue;
                }
                if (chosen.size() >= settings.maxFindings() || perPage[c.page] >= settings.maxPerSource()) continue;
                double mmr =
                        MMR_LAMBDA * c.relevance * (1 - NOVELTY + NOVELTY * c.novelty) - (1 - MMR_LAMBDA) * similar;
                if (mmr > bestScore) {
                    bestScore = mmr;
                    best = c;
                }
            }
            if (best == null) break; // what is left only repeats findings or hits a cap
            open.remove(best);
            chosen.add(best);
            alsoOn.add(new LinkedHashSet<>());
            perPage[best.page]++;
        }
        List<Ranking.Pick> picks = new ArrayList<>();
        for (int k = 0; k < chosen.size(); k++) {
            Candidate c = chosen.get(k);
            picks.add(new Ranking.Pick(c.passage.text(), c.page, List.copyOf(alsoOn.get(k)), c.relevance));
        }
        return picks;
    }

    private List<Ranking.PageRelevance> pageRelevance(List<Candidate> all, int pageCount) {
        Candidate[] best = new Candidate[pageCount];
        for (Candidate c : all) if (best[c.page] == null || c.relevance > best[c.page].relevance) best[c.page] = c;
        List<Ranking.PageRelevance> pages = new ArrayList<>();
        for (Candidate b : best) {
            double r = b == null ? 0 : b.relevance;
            pages.add(new Ranking.PageRelevance(
                    r, r > 0 && r >= settings.minRelevance(), b == null ? null : b.passage.text()));
        }
        return pages;
    }

    /** Without query text: each page's opening passages, taken in turn from every page. */
    private Ranking leads(List<List<Passage>> pages) {
        List<Ranking.Pick> picks = new ArrayList<>();
        int depth = Math.min(
                settings.maxPerSource(),
                pages.stream().mapToInt(List::size).max().orElse(0));
        for (int i = 0; i < depth; i++) {
            for (int page = 0; page < pages.size() && picks.size() < settings.maxFindings(); page++) {
                if (i < pages.get(page).size())
                    picks.add(new Ranking.Pick(pages.get(page).get(i).text(), page, List.of(), 0));
            }
        }
        List<Ranking.PageRelevance> relevance = pages.stream()
                .map(p -> new Ranking.PageRelevance(
                        0, true, p.isEmpty() ? null : p.get(0).text()))
                .toList();
        return new Ranking(picks, relevance);
    }

    private boolean same(Candidate a, Candidate b) {
        if (a.vector != null && b.vector != null && dot(a.vector, b.vector) >= SAME_COSINE) return true;
        return jaccard(a.terms, b.terms) >= SAME_TERMS;
    }

    private static double similarity(Candidate a, Candidate b) {
        if (a.vector != null && b.vector != null) return Math.max(0, dot(a.vector, b.vector));
        return jaccard(a.terms, b.terms);
    }

    static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) s += a[i] * b[i];
        return s;
    }

    static double jaccard(Set<String> a, Set<String> b) {
        if (a.isEmpty() || b.isEmpty()) return 0;
        int common = 0;
        for (String t : a) if (b.contains(t)) common++;
        return (double) common / (a.size() + b.size() - common);
    }

    /** A passage of one page while the query is ranked. */
    private static final class Candidate {
        final int page;
        final Passage passage;
        final Set<String> terms;
        double bm25;
        double coverage;
        float[] vector;
        double cosine;
        double relevance;
        double novelty;

        Candidate(int page, Passage passage, Set<String> terms) {
            this.page = page;
            this.passage = passage;
            this.terms = terms;
        }
    }
}
