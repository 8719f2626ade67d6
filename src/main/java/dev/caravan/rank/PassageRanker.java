package dev.caravan.rank;

import dev.caravan.model.Passage;
import dev.caravan.model.TextBlock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Picks the passages that answer a query, in two passes.
 *
 * <ol>
 *   <li>Per page, as soon as it is fetched: Lucene BM25 over the page's quotable passages keeps the best
 *       {@value RankingSettings#CANDIDATES_PER_PAGE} that share a word with the query, and the passages around its
 *       best hits (cheap, no model).
 *   <li>Per query, over the candidates of all its pages together: {@link RelevanceModel} weighs what is measured of
 *       each (BM25 with the statistics of all pages, the share of the query's words it holds, whether it holds the kind
 *       of answer asked for, how its page and its neighbours match, and the sentence-embedding model's cosine
 *       similarity for the best {@code rerank-candidates} of them). Relevance, for the floor, is the cosine or the
 *       query coverage (the share of the query's IDF weight the passage holds), whichever is higher; both are
 *       absolute, so one floor means the same for every query. A passage that says what a finding says is not a new
 *       finding; from another page it becomes a further citation of it.
 * </ol>
 *
 * <p>Without a model (lexical-only mode) the model's features weigh nothing, and relevance is the query coverage
 * alone, with its own floor, which then marks the relevant pages: on those, a row, item, line of code, heading or
 * label line sharing a word with the query may be a finding. Thread-safe.
 */
public final class PassageRanker {

    /**
     * The query's best BM25 passage is always among this many first findings (when it reaches the relevance floor): the
     * answer that shares the query's rarest words is never crowded out. Measured on the research kit: neutral (tune
     * 0.80 either way, check 0.70 without, 0.69 with, estimated by bench/fit-ranking.sh); kept because on unseen
     * questions the lexically obvious answers were the ones missed.
     */
    static final int LEXICAL_GUARD = 5;

    /** A query word whose terms are in at least this share of a page's candidates runs through that page. */
    static final double RUNS_THROUGH_SHARE = 0.1;
    /** ... and in at least this many of them. */
    static final int RUNS_THROUGH_LEAST = 3;

    /** The shortest text found anywhere in another passage's quote that makes the two one finding ({@link #holds}). */
    static final int HELD_CHARS = 12;
    /** Without vectors, passages sharing at least this share of their words (Jaccard) say the same thing. */
    static final double SAME_TERMS = 0.6;
    /** The best BM25 hits of a page whose neighbours are candidates too. */
    static final int EXPANDED_HITS = 8;
    /** Passages either side of such a hit that become candidates. */
    static final int NEIGHBOURS = 2;
    /** Passages after a hit that ends in a colon (it introduces a list, table or code) that become candidates. */
    static final int INTRODUCED = 12;
    /**
     * Further hits of a page that hold the kind of answer the query asks for and become candidates. Measured (answer@5
     * with the model, tune / forms / check): none 0.850 / 0.825 / 0.770; 4 and 8 0.860 / 0.825 / 0.780; 16 0.860 /
     * 0.825 / 0.790. Tune tells 4, 8 and 16 apart in nothing, so the middle one is kept (check does not choose).
     */
    static final int TYPED_HITS = 8;

    private final RankingSettings settings;
    private final SentenceEncoder encoder;
    /** The model's weights, relevance floor and "same finding" cosine ({@link RelevanceModel#fitted}). */
    private final RelevanceModel.Fitted fitted;

    public PassageRanker(RankingSettings settings, Optional<SentenceEncoder> encoder) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.encoder = encoder.orElse(null);
        this.fitted = RelevanceModel.fitted(this.encoder == null ? "" : this.encoder.name());
    }

    /**
     * First pass, for one page: its best candidate passages for {@code query}, best first (page order without text).
     * The best {@value RankingSettings#CANDIDATES_PER_PAGE} by BM25 that share a word with the query, and the
     * passages around the best {@value #EXPANDED_HITS} of them: an answer often sits next to the words that match the
     * query without sharing them (the rows of a table whose lead-in names the topic, the line of code under a
     * matching sentence). Then the next best {@value #TYPED_HITS} that hold the kind of answer the query asks for
     * ({@link AnswerType}: a number for "how long should passwords be"), which BM25 puts last on a page whose every
     * passage holds the query's words: "A strong password is at least 15 characters in length ..." shares one word
     * with the query, as do dozens of shorter sentences about passwords. When the query names what the quantity is
     * measured in ({@link Measure}), a passage holding a number in that measure may share no word with it at all
     * ("Weight: 15.92 kg (35.1 lb)" for "How heavy is the Summit 24?"): such passages, in page order, fill what is
     * left of those {@value #TYPED_HITS} places. Measured (answer@5 with the model, forms2, on top of the code rules
     * of the same day): 0.625 without, 0.646 with (tune, forms and check unchanged). They are judged by the model and
     * the query's own ranking in the second pass.
     */
    public List<Passage> candidates(List<TextBlock> blocks, String query) {
        List<Passage> all = Passages.of(blocks);
        Set<String> queryTerms = Analysis.terms(query);
        if (queryTerms.isEmpty()) return all.subList(0, Math.min(RankingSettings.CANDIDATES_PER_PAGE, all.size()));
        LexicalIndex index = LexicalIndex.score(all, queryTerms, null);
        List<Integer> hits = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) if (index.bm25(i) > 0) hits.add(i);
        hits.sort(Comparator.comparingDouble((Integer i) -> index.bm25(i))
                .reversed()
                .thenComparingInt(i -> i));
        Set<Integer> kept =
                new LinkedHashSet<>(hits.subList(0, Math.min(RankingSettings.CANDIDATES_PER_PAGE, hits.size())));
        Asked asked = Asked.of(query);
        if (asked.particular()) {
            int typed = 0;
            for (int h : hits) {
                if (typed >= TYPED_HITS) break;
                if (!kept.contains(h) && asked.heldBy(all.get(h), queryTerms)) {
                    kept.add(h);
                    typed++;
                }
            }
            if (asked.measure() != Measure.ANY) { // "Weight: 15.92 kg" for "How heavy is ...": no word in common
                for (int i = 0; i < all.size() && typed < TYPED_HITS; i++) {
                    if (index.bm25(i) <= 0 && asked.heldBy(all.get(i), queryTerms)) {
                        kept.add(i);
                        typed++;
                    }
                }
            }
        }
        for (int h : hits.subList(0, Math.min(EXPANDED_HITS, hits.size()))) {
            boolean introduces = all.get(h).text().endsWith(":");
            int after = introduces ? INTRODUCED : NEIGHBOURS;
            for (int j = Math.max(0, h - NEIGHBOURS); j <= Math.min(all.size() - 1, h + after); j++) kept.add(j);
        }
        List<Passage> out = new ArrayList<>(kept.size());
        for (int i : kept) out.add(all.get(i).scored(index.bm25(i)));
        return List.copyOf(out);
    }

    /**
     * Second pass: the findings among the candidates of every page of the query ({@code pages}, in report order).
     * Candidates are ordered by {@link RelevanceModel}'s score: first its lexical-only score, which also chooses the
     * best {@code rerank-candidates} for the model to read, then, with the model, its score with the cosine. A
     * candidate below the relevance floor is never a finding, but for a table row in place of its header row
     * ({@code rowNaming}); with the model, neither is one it did not read.
     */
    public Ranking rank(String query, List<List<Passage>> pages) {
        return rank(query, pages, List.of());
    }

    /**
     * As {@link #rank(String, List)}, with each page's source: its title and address (in page order, or empty), whose
     * words count towards how its page covers the query ("... according to Harvard Health").
     */
    public Ranking rank(String query, List<List<Passage>> pages, List<String> sources) {
        Set<String> queryTerms = Analysis.terms(query);
        if (queryTerms.isEmpty()) return leads(pages);
        Scored scored = score(query, queryTerms, pages, settings.rerankCandidates(), sources);
        List<Candidate> all = scored.all();
        boolean semantic = scored.semantic();
        for (Candidate c : all) {
            c.relevance = !semantic ? c.coverage : c.vector == null ? 0 : Math.max(c.coverage, Math.max(0, c.cosine));
        }
        double floor = !semantic
                ? settings.minCoverage()
                : Double.isNaN(settings.minRelevance()) ? fitted.floor() : settings.minRelevance();
        return new Ranking(
                pick(all, pages.size(), floor, !semantic, queryTerms), pageRelevance(all, pages.size(), floor));
    }

    /**
     * What the second pass measures of every candidate of {@code pages} for {@code query}, in {@link #featureNames()}
     * order: lexical-only, and with the model when it read the candidate (else null). The model reads up to
     * {@code modelReads} candidates. For the benchmark that fits {@link RelevanceModel}'s weights.
     */
    public List<Measured> measure(String query, List<List<Passage>> pages, int modelReads, List<String> sources) {
        Set<String> queryTerms = Analysis.terms(query);
        if (queryTerms.isEmpty()) return List.of();
        Scored scored = score(query, queryTerms, pages, modelReads, sources);
        List<Measured> out = new ArrayList<>();
        for (int i = 0; i < scored.all().size(); i++) {
            Candidate c = scored.all().get(i);
            double[] withModel = scored.semantic() && c.vector != null ? scored.modelFeatures()[i] : null;
            out.add(new Measured(c.page, c.passage, c.coverage, c.cosine, scored.lexicalFeatures()[i], withModel));
        }
        return out;
    }

    /** The names of the features {@link #measure} gives, in order. */
    public static List<String> featureNames() {
        return java.util.Arrays.stream(RelevanceModel.Feature.values())
                .map(Enum::name)
                .toList();
    }

    /**
     * One candidate as the second pass measured it.
     *
     * @param page its page (index into the pages given)
     * @param passage the candidate
     * @param coverage its query coverage (relevance without the model)
     * @param cosine the model's cosine similarity to the query, when the model read it (relevance with the model is
     *     the higher of the two)
     * @param lexical its features without the model
     * @param withModel its features with the model, or null when the model did not read it
     */
    public record Measured(
            int page, Passage passage, double coverage, double cosine, double[] lexical, double[] withModel) {}

    private record Scored(
            List<Candidate> all, boolean semantic, double[][] lexicalFeatures, double[][] modelFeatures) {}

    /** Every candidate scored: lexically, then, when the model reads the best {@code modelReads}, with it. */
    private Scored score(
            String query, Set<String> queryTerms, List<List<Passage>> pages, int modelReads, List<String> sources) {
        List<Candidate> all = new ArrayList<>();
        for (int page = 0; page < pages.size(); page++) {
            for (Passage p : pages.get(page)) all.add(new Candidate(page, p));
        }
        LexicalIndex index = indexed(all, queryTerms);
        Asked asked = Asked.of(query);
        Map<Integer, Set<String>> sourceTerms = new HashMap<>();
        for (int page = 0; page < sources.size(); page++)
            sourceTerms.put(page, Analysis.sourceTerms(sources.get(page)));
        double[][] lexical = score(all, queryTerms, asked, index, false, sourceTerms);
        boolean semantic = encoder != null && embed(query, all, modelReads);
        double[][] withModel = semantic ? score(all, queryTerms, asked, index, true, sourceTerms) : null;
        return new Scored(all, semantic, lexical, withModel);
    }

    /** BM25 and query coverage of every candidate, with the statistics of them all; the index they came from. */
    static LexicalIndex indexed(List<Candidate> all, Set<String> queryTerms) {
        LexicalIndex index = LexicalIndex.score(
                all.stream().map(c -> c.passage).toList(),
                queryTerms,
                all.stream().map(c -> c.terms).toList());
        for (int i = 0; i < all.size(); i++) {
            all.get(i).bm25 = index.bm25(i);
            all.get(i).coverage = index.coverage(i);
        }
        return index;
    }

    private double[][] score(
            List<Candidate> all,
            Set<String> queryTerms,
            Asked asked,
            LexicalIndex index,
            boolean semantic,
            Map<Integer, Set<String>> sourceTerms) {
        double[][] features = RelevanceModel.features(all, queryTerms, asked, index, semantic, sourceTerms);
        RelevanceModel.Fitted weights = semantic ? fitted : null;
        for (int i = 0; i < all.size(); i++) all.get(i).score = RelevanceModel.score(features[i], weights);
        return features;
    }

    /**
     * Adds the model's vectors to the best candidates, and their cosines with the query and with what it asks beyond
     * their page ({@link #residualQueries}); false when the model failed on any of these texts (the whole query is then
     * ranked lexically). The model reads them all in one call, each distinct text once: a line of code or a row that
     * pages repeat under the same context is one text. A page none of whose candidates the model reads sends no
     * residual query.
     */
    private boolean embed(String query, List<Candidate> all, int modelReads) {
        List<Candidate> byLexical = new ArrayList<>(all);
        byLexical.sort(Comparator.comparingDouble((Candidate c) -> c.score).reversed());
        List<Candidate> batch = byLexical.subList(0, Math.min(modelReads, byLexical.size()));
        Map<String, Integer> texts = new LinkedHashMap<>(); // each distinct text, in order, and its place
        int queryAt = place(texts, encoder.queryText(query));
        int[] passageAt = new int[batch.size()];
        for (int i = 0; i < batch.size(); i++)
            passageAt[i] = place(texts, encoder.passageText(embedded(batch.get(i).passage)));
        Set<Integer> readPages = new HashSet<>();
        for (Candidate c : batch) readPages.add(c.page);
        Map<Integer, Integer> residualAt = new HashMap<>(); // page -> place of its residual query
        for (Map.Entry<Integer, String> page : residualQueries(query, all).entrySet()) {
            // only a read candidate has a residual cosine
            if (readPages.contains(page.getKey()))
                residualAt.put(page.getKey(), place(texts, encoder.queryText(page.getValue())));
        }
        float[][] vectors;
        try {
            vectors = encoder.encode(List.copyOf(texts.keySet()));
        } catch (RuntimeException modelFailed) {
            return false;
        }
        for (int i = 0; i < batch.size(); i++) {
            Candidate c = batch.get(i);
            c.vector = vectors[passageAt[i]];
            c.cosine = dot(vectors[queryAt], c.vector);
            Integer residual = residualAt.get(c.page);
            c.residualCosine = residual == null ? c.cosine : dot(vectors[residual], c.vector);
        }
        return true;
    }

    /** The place of {@code text} among {@code texts}, added at the end when it is new. */
    private static int place(Map<String, Integer> texts, String text) {
        Integer at = texts.get(text);
        if (at == null) {
            at = texts.size();
            texts.put(text, at);
        }
        return at;
    }

    /**
     * For each page, what the query asks beyond what the page is about: the query without the words that run through
     * the page (in at least {@value #RUNS_THROUGH_SHARE} of its candidates, and at least {@value #RUNS_THROUGH_LEAST}).
     * On a page about Elizabeth Hoge's Georgetown anxiety trial, "How many participants were in the Georgetown anxiety
     * trial led by Elizabeth Hoge?" asks "How many participants were in the trial led by?", which the sentence "The
     * study included 89 patients" is closer to. A page through which no query word runs, or every word with letters
     * or digits does, has none: its candidates' residual cosine is their cosine with the whole query.
     */
    private static Map<Integer, String> residualQueries(String query, List<Candidate> all) {
        Map<Integer, List<Candidate>> byPage = new TreeMap<>();
        for (Candidate c : all)
            byPage.computeIfAbsent(c.page, p -> new ArrayList<>()).add(c);
        String[] words = query.strip().split("\\s+");
        List<Set<String>> wordTerms = new ArrayList<>(words.length);
        for (String w : words) wordTerms.add(Analysis.terms(w));
        Map<Integer, String> residual = new TreeMap<>();
        for (var page : byPage.entrySet()) {
            Map<String, Integer> df = new HashMap<>();
            for (Candidate c : page.getValue()) for (String t : c.terms) df.merge(t, 1, Integer::sum);
            int common = Math.max(RUNS_THROUGH_LEAST, (int) (page.getValue().size() * RUNS_THROUGH_SHARE));
            StringBuilder rest = new StringBuilder();
            boolean dropped = false;
            for (int i = 0; i < words.length; i++) {
                Set<String> t = wordTerms.get(i);
                if (!t.isEmpty() && t.stream().allMatch(x -> df.getOrDefault(x, 0) >= common)) dropped = true;
                else rest.append(words[i]).append(' ');
            }
            // a word the model's tokenizer drops (a lone no-break or zero-width space) leaves it nothing to read
            if (dropped && rest.codePoints().anyMatch(Character::isLetterOrDigit))
                residual.put(page.getKey(), rest.toString().strip());
        }
        return residual;
    }

    /**
     * What the model reads of a passage: a table row, list item or line of code with its context before it, a sentence
     * or label line with the heading it sits under. On a page of several products or tools the heading says which one
     * a sentence is about ("Tech Elevator" over "While the $16,500 tuition might seem steep, ..."); a row's header row
     * says more about it than the heading over the table, which would make every row of it look alike. Measured
     * (answer@5 with the model, tune / forms / check): 0.880 / 0.850 / 0.850, against 0.860 / 0.850 / 0.830 without the
     * heading, and 0.870 / 0.825 / 0.840 with the heading before every kind of passage (weights refitted for each).
     */
    private static String embedded(Passage p) {
        String around = p.context().isEmpty() ? p.heading() : p.context();
        return around.isEmpty() ? p.text() : around + "\n" + p.text();
    }

    /**
     * The findings: candidates at the relevance floor, best score first. Without the model ({@code lexicalOnly}) the
     * floor on query coverage decides which pages are relevant, and on such a page any candidate that is not a sentence
     * of prose ({@link Passages#prose}) and shares a word with the query may be a finding too: a short row or item that answers holds few of
     * the query's words ("70 Easy Trails" for "how many easy mountain bike trails near Houston", coverage 0.24 under
     * the floor of 0.25; its lead-in or header holds the rest), and the score, not the coverage, says which of them
     * answers. A sentence of prose has words enough to reach the floor when it is about the query.
     */
    private List<Ranking.Pick> pick(
            List<Candidate> all, int pageCount, double floor, boolean lexicalOnly, Set<String> queryTerms) {
        List<Candidate> open = new ArrayList<>();
        for (Candidate c : all) if (c.relevance >= floor && c.relevance > 0) open.add(c);
        if (lexicalOnly) {
            boolean[] relevant = new boolean[pageCount];
            for (Candidate c : open) relevant[c.page] = true;
            for (Candidate c : all)
                if (c.relevance < floor && c.coverage > 0 && relevant[c.page] && !Passages.prose(c.passage))
                    open.add(c);
        }
        Candidate bestBm25 = null;
        for (Candidate c : all) if (c.bm25 > 0 && (bestBm25 == null || c.bm25 > bestBm25.bm25)) bestBm25 = c;
        if (bestBm25 != null && !open.contains(bestBm25) && onRelevantPage(bestBm25, open)) open.add(bestBm25);
        open.sort(Comparator.comparingDouble((Candidate c) -> c.score)
                .reversed()
                .thenComparingInt(c -> c.page)
                .thenComparingInt(c -> c.passage.position()));
        Candidate lexicalBest = null;
        for (Candidate c : open) if (c.bm25 > 0 && (lexicalBest == null || c.bm25 > lexicalBest.bm25)) lexicalBest = c;
        open.replaceAll(c -> rowNaming(c, all, queryTerms, lexicalOnly)); // a header row answers by a row under it
        if (lexicalBest != null) lexicalBest = rowNaming(lexicalBest, all, queryTerms, lexicalOnly);
        List<Candidate> chosen = new ArrayList<>();
        List<Set<Integer>> alsoOn = new ArrayList<>();
        int[] perPage = new int[pageCount];
        Candidate holdsLexicalBest = null; // the finding that quotes the best BM25 passage, or says what it says
        for (Candidate c : open) {
            int same = -1;
            for (int k = 0; k < chosen.size() && same < 0; k++) if (same(c, chosen.get(k))) same = k;
            if (same >= 0) { // says what a finding says: a further citation of it, if from another page
                if (c.page != chosen.get(same).page) alsoOn.get(same).add(c.page);
                if (c == lexicalBest) holdsLexicalBest = chosen.get(same);
                continue;
            }
            int row = rowUnder(c, chosen);
            if (row >= 0) { // a header row the report already shows, beside the row under it
                if (c == lexicalBest) holdsLexicalBest = chosen.get(row);
                continue;
            }
            int header = headerOf(c, chosen);
            if (header >= 0) { // a row under a header row that is a finding: in its place, the header beside it
                if (chosen.get(header) == holdsLexicalBest || c == lexicalBest) holdsLexicalBest = c;
                chosen.set(header, c);
                continue;
            }
            if (chosen.size() >= settings.maxFindings() || perPage[c.page] >= settings.maxPerSource()) continue;
            chosen.add(c);
            alsoOn.add(new LinkedHashSet<>());
            perPage[c.page]++;
            if (c == lexicalBest) holdsLexicalBest = c;
        }
        keepLexicalBest(chosen, alsoOn, lexicalBest, holdsLexicalBest);
        List<Ranking.Pick> picks = new ArrayList<>();
        for (int k = 0; k < chosen.size(); k++) {
            Candidate c = chosen.get(k);
            picks.add(new Ranking.Pick(
                    c.passage.quoted(), c.passage.context(), c.page, List.copyOf(alsoOn.get(k)), c.relevance));
        }
        return picks;
    }

    /**
     * Whether a passage of {@code c}'s page reaches the floor ({@code open}). The query's best BM25 passage is then a
     * finding even under the floor: a short row, item or label line that holds the query's rarest words ("Total size:
     * 13,220 lines / 45,171 words" for "how many words were in the documents") has little query coverage and a low
     * cosine, though its page is about the query.
     */
    private static boolean onRelevantPage(Candidate c, List<Candidate> open) {
        for (Candidate o : open) if (o.page == c.page) return true;
        return false;
    }

    /**
     * The index of the finding among {@code chosen} that is a table row on {@code header}'s page with {@code header}
     * as its header row, or -1. A header row only names the columns, so it is shown beside such a row, never as a
     * finding of its own; a lead-in sentence may be the answer itself, so it stays a finding.
     */
    private static int rowUnder(Candidate header, List<Candidate> chosen) {
        for (int k = 0; k < chosen.size(); k++) if (isHeaderOf(header, chosen.get(k))) return k;
        return -1;
    }

    /**
     * In place of a header row ({@code c}), the best scored candidate among the rows of its table that holds a query
     * word the header row does not: the row of the plan, product or place the query names ("Grow | 3 | ... | Group
     * Orders, Analytics, API" under "Plan | ... | Advanced Features" for "Thinkific Grow plan: which advanced features
     * ..."). A header row only names the columns, so it reads closer to the query than any row, yet answers nothing by
     * itself; it is shown beside the row. The row may be under the relevance floor: the header row above the floor
     * stands for it. With the model, only a row the model read takes its place. A row of another table under the same
     * header text does not: a row is its table's when no copy of the header row comes between them. Any other
     * candidate, or a header row with no such row, is {@code c} itself. Measured (answer@5 with the model, tune / forms
     * / forms2 / check): 0.880 / 0.850 / 0.729 / 0.870, against 0.880 / 0.850 / 0.708 / 0.870 without; one report of
     * all four sets changes.
     */
    static Candidate rowNaming(Candidate c, List<Candidate> all, Set<String> queryTerms, boolean lexicalOnly) {
        if (c.passage.kind() != TextBlock.Kind.TABLE_ROW) return c;
        int position = c.passage.position();
        int tableEnd = Integer.MAX_VALUE; // where a copy of the header row starts the next table of the same columns
        for (Candidate other : all)
            if (other.page == c.page
                    && other.passage.position() > position
                    && other.passage.text().equals(c.passage.text()))
                tableEnd = Math.min(tableEnd, other.passage.position());
        Candidate best = null;
        for (Candidate row : all) {
            if (row == c || !isHeaderOf(c, row)) continue;
            if (row.passage.position() < position || row.passage.position() > tableEnd) continue;
            if (!lexicalOnly && row.vector == null) continue;
            boolean names = false;
            for (String t : row.terms) names |= queryTerms.contains(t) && !c.terms.contains(t);
            if (names && (best == null || row.score > best.score)) best = row;
        }
        return best == null ? c : best;
    }

    /** The index of the finding among {@code chosen} that is {@code row}'s header row, or -1. */
    private static int headerOf(Candidate row, List<Candidate> chosen) {
        for (int k = 0; k < chosen.size(); k++) if (isHeaderOf(chosen.get(k), row)) return k;
        return -1;
    }

    private static boolean isHeaderOf(Candidate header, Candidate row) {
        return header.page == row.page
                && header.passage.kind() == TextBlock.Kind.TABLE_ROW
                && row.passage.kind() == TextBlock.Kind.TABLE_ROW
                && row.passage.context().equals(header.passage.text());
    }

    /**
     * The query's best BM25 passage stays among the first {@value #LEXICAL_GUARD} findings: moved up to the last of
     * those places when the score put it lower, or added there (the last finding making room) when a cap left it out.
     */
    private void keepLexicalBest(
            List<Candidate> chosen, List<Set<Integer>> alsoOn, Candidate lexicalBest, Candidate holdsLexicalBest) {
        if (lexicalBest == null || chosen.size() < LEXICAL_GUARD) {
            if (lexicalBest != null && holdsLexicalBest == null) { // room is left: a per-source cap kept it out
                chosen.add(lexicalBest);
                alsoOn.add(new LinkedHashSet<>());
            }
            return;
        }
        int at = holdsLexicalBest == null ? -1 : chosen.indexOf(holdsLexicalBest);
        if (at >= 0 && at < LEXICAL_GUARD) return;
        Candidate moved = at >= 0 ? chosen.remove(at) : lexicalBest;
        Set<Integer> citations = at >= 0 ? alsoOn.remove(at) : new LinkedHashSet<>();
        chosen.add(LEXICAL_GUARD - 1, moved);
        alsoOn.add(LEXICAL_GUARD - 1, citations);
        if (chosen.size() > settings.maxFindings()) {
            chosen.remove(chosen.size() - 1);
            alsoOn.remove(alsoOn.size() - 1);
        }
    }

    private List<Ranking.PageRelevance> pageRelevance(List<Candidate> all, int pageCount, double floor) {
        Candidate[] best = new Candidate[pageCount];
        for (Candidate c : all) if (best[c.page] == null || c.relevance > best[c.page].relevance) best[c.page] = c;
        List<Ranking.PageRelevance> pages = new ArrayList<>();
        for (Candidate b : best) {
            double r = b == null ? 0 : b.relevance;
            pages.add(new Ranking.PageRelevance(r, r > 0 && r >= floor, b == null ? null : b.passage.text()));
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
                    picks.add(new Ranking.Pick(
                            pages.get(page).get(i).quoted(),
                            pages.get(page).get(i).context(),
                            page,
                            List.of(),
                            0));
            }
        }
        List<Ranking.PageRelevance> relevance = pages.stream()
                .map(p -> new Ranking.PageRelevance(
                        0, true, p.isEmpty() ? null : p.get(0).text()))
                .toList();
        return new Ranking(picks, relevance);
    }

    /**
     * Whether what {@code a} quotes holds {@code b} whole: as one of its lines, or, for a text of at least
     * {@value #HELD_CHARS} characters, anywhere in it (a short value such as {@code 120} is in many passages that say
     * something else).
     */
    static boolean holds(Passage a, Passage b) {
        String quoted = a.quoted();
        String text = b.text();
        if (text.length() >= HELD_CHARS) return quoted.contains(text);
        return quoted.lines().anyMatch(line -> line.strip().equals(text));
    }

    private boolean same(Candidate a, Candidate b) {
        // a sentence, and the same sentence quoted with the one it leans on, say the same thing; so do a lead-in or a
        // comment and a line it shows, and two comment lines over the same code (the first shows the second)
        if (a.page == b.page && (holds(a.passage, b.passage) || holds(b.passage, a.passage))) return true;
        // "15 min = 3 hrs" and "15 min = 2.5 hrs" read alike to the model and share their words, but give two figures
        if (!numbers(a.passage.text()).equals(numbers(b.passage.text()))) return false;
        // rows of one table, items of one list, lines of one code block: the model read each with the same context,
        // so their cosine says little about whether they say the same; their own words do
        if (a.page == b.page
                && !a.passage.context().isEmpty()
                && a.passage.context().equals(b.passage.context())) return jaccard(a.words, b.words) >= SAME_TERMS;
        // two lines of code that differ in a flag or a name ("purge -Q celery,foo,bar", "purge -X celery") read alike
        // to the model but do different things; their own words say whether they are the same (forms2 0.604 -> 0.625)
        if (a.passage.kind() == TextBlock.Kind.CODE || b.passage.kind() == TextBlock.Kind.CODE)
            return jaccard(a.words, b.words) >= SAME_TERMS;
        if (a.vector != null && b.vector != null && dot(a.vector, b.vector) >= fitted.sameCosine()) return true;
        return jaccard(a.words, b.words) >= SAME_TERMS;
    }

    /** Digits with the points and commas between them, read whole (no group to repeat: page text is untrusted). */
    private static final Pattern NUMBER = Pattern.compile("\\d[\\d.,]*+");

    /** The numbers written in digits in {@code text}, as written, without a full stop or comma after them. */
    static Set<String> numbers(String text) {
        Set<String> found = new HashSet<>();
        Matcher m = NUMBER.matcher(text);
        while (m.find()) {
            int end = m.end();
            while (end > m.start() + 1 && (text.charAt(end - 1) == '.' || text.charAt(end - 1) == ',')) end--;
            found.add(text.substring(m.start(), end));
        }
        return found;
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
}
