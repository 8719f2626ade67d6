package dev.caravan.report;

import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Finding;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.Sentence;
import dev.caravan.text.PlainText;
import dev.caravan.text.Sentences;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Picks key findings: sentences quoted verbatim from fetched pages, ranked by how much of the query they cover, with
 * near-repeats merged into one finding that cites every page saying it. Stateless and thread-safe.
 */
public class FindingSelector {

    static final int CANDIDATES_PER_PAGE = 8;
    private static final double SAME_FINDING = 0.6;
    private static final int MIN_WORDS = 6;
    private static final int MAX_WORDS = 70;

    private final ReportSettings settings;

    public FindingSelector(ReportSettings settings) {
        this.settings = settings;
    }

    /** The page as {@code query} sees it, with its best candidate sentences. */
    public PageResult candidates(FetchTask task, FetchedPage page, Query query, boolean fromCache) {
        if (!page.fetched()) return new PageResult(task, page, fromCache, List.of());
        return new PageResult(task, page, fromCache, rank(PageStore.markdownOf(page), query));
    }

    List<Sentence> rank(String markdown, Query query) {
        Set<String> queryTerms = query.searches() ? Terms.content(query.text()) : Set.of();
        List<String> sentences = Sentences.split(PlainText.of(markdown));
        List<Sentence> ranked = new ArrayList<>();
        for (int i = 0; i < sentences.size(); i++) {
            String s = sentences.get(i);
            if (!quotable(s)) continue;
            double position = 0.15 * (1.0 - Math.min(i, 100) / 100.0);
            double coverage = queryTerms.isEmpty() ? 0 : coverage(s, queryTerms);
            if (queryTerms.isEmpty() || coverage > 0) ranked.add(new Sentence(s, coverage + position));
        }
        ranked.sort(Comparator.comparingDouble(Sentence::score).reversed());
        return ranked.subList(0, Math.min(CANDIDATES_PER_PAGE, ranked.size()));
    }

    /** Findings from the fetched pages; {@code numbers} maps a page's task order to its citation number. */
    public List<Finding> select(List<PageResult> pages, Map<Integer, Integer> numbers) {
        record Candidate(Sentence sentence, int source, Set<String> terms) {}
        List<Candidate> all = new ArrayList<>();
        for (PageResult page : pages) {
            Integer n = numbers.get(page.task().order());
            if (n == null) continue;
            for (Sentence s : page.candidates()) all.add(new Candidate(s, n, Terms.content(s.text())));
        }
        all.sort(Comparator.comparingDouble((Candidate c) -> c.sentence().score()).reversed()
                .thenComparingInt(Candidate::source));
        List<Candidate> chosen = new ArrayList<>();
        Map<Candidate, List<Integer>> citations = new HashMap<>();
        Map<Integer, Integer> perSource = new HashMap<>();
        for (Candidate c : all) {
            Candidate same = chosen.stream().filter(x -> Terms.jaccard(x.terms(), c.terms()) >= SAME_FINDING)
                    .findFirst().orElse(null);
            if (same != null) {
                List<Integer> cites = citations.get(same);
                if (!cites.contains(c.source())) cites.add(c.source());
                continue;
            }
            if (chosen.size() >= settings.maxFindings()) continue;
            if (perSource.getOrDefault(c.source(), 0) >= settings.maxFindingsPerSource()) continue;
            chosen.add(c);
            citations.put(c, new ArrayList<>(List.of(c.source())));
            perSource.merge(c.source(), 1, Integer::sum);
        }
        List<Finding> findings = new ArrayList<>();
        for (Candidate c : chosen) {
            List<Integer> cites = citations.get(c);
            cites.sort(Integer::compare);
            findings.add(new Finding(c.sentence().text(), cites));
        }
        return findings;
    }

    private static double coverage(String sentence, Set<String> queryTerms) {
        Set<String> words = Set.copyOf(Terms.words(sentence));
        int hit = 0;
        for (String t : queryTerms) if (words.contains(t)) hit++;
        return (double) hit / queryTerms.size();
    }

    private static boolean quotable(String s) {
        int words = s.split("\\s+").length;
        if (words < MIN_WORDS || words > MAX_WORDS) return false;
        char first = s.charAt(0);
        if (!(Character.isUpperCase(first) || Character.isDigit(first) || first == '"' || first == '“')) return false;
        if (!s.matches("(?s).*[.!?][\"'”’)]?$")) return false;
        long letters = s.chars().filter(Character::isLetter).count();
        return letters * 10 >= s.length() * 6L;
    }
}
