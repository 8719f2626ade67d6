package dev.caravan.pages;

import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Finding;
import dev.caravan.model.PageResult;
import dev.caravan.model.Passage;
import dev.caravan.model.Query;
import dev.caravan.rank.PassageRanker;
import dev.caravan.rank.Ranking;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Key findings for a report: passages quoted verbatim from the fetched pages that answer the query, each cited to
 * every page that says it, and for every source how relevant it is and its most relevant passage. The ranking itself
 * is {@link PassageRanker}'s; this class maps it to citation numbers. Thread-safe.
 */
public class FindingSelector {

    private final PassageRanker ranker;

    public FindingSelector(PassageRanker ranker) {
        this.ranker = ranker;
    }

    /** What a report quotes, and how each source (by citation number) relates to the query. */
    public record Selection(List<Finding> findings, Map<Integer, Ranking.PageRelevance> sources) {

        public Selection {
            findings = List.copyOf(findings);
            sources = Map.copyOf(sources);
        }
    }

    /** The page as {@code query} sees it, with its best candidate passages (the ranking's first, per-page pass). */
    public PageResult candidates(FetchTask task, FetchedPage page, Query query, boolean fromCache) {
        if (!page.fetched()) return new PageResult(task, page, fromCache, List.of());
        return new PageResult(task, page, fromCache, ranker.candidates(page.blocks(), queryText(query)));
    }

    /** Findings from the fetched pages; {@code numbers} maps a page's task order to its citation number. */
    public Selection select(Query query, List<PageResult> pages, Map<Integer, Integer> numbers) {
        List<Integer> cited = new ArrayList<>();
        List<List<Passage>> candidates = new ArrayList<>();
        List<String> pageSources = new ArrayList<>();
        for (PageResult page : pages) {
            Integer n = numbers.get(page.task().order());
            if (n == null) continue;
            cited.add(n);
            candidates.add(page.candidates());
            pageSources.add(source(page));
        }
        Ranking ranking = ranker.rank(queryText(query), candidates, pageSources);
        List<Finding> findings = new ArrayList<>();
        for (Ranking.Pick pick : ranking.picks()) {
            List<Integer> others = new ArrayList<>();
            for (int other : pick.alsoOn()) others.add(cited.get(other));
            others.sort(Integer::compare);
            List<Integer> citations = new ArrayList<>(List.of(cited.get(pick.page()))); // the page quoted comes first
            citations.addAll(others);
            findings.add(new Finding(pick.text(), pick.context(), citations, pick.relevance()));
        }
        Map<Integer, Ranking.PageRelevance> sources = new LinkedHashMap<>();
        for (int i = 0; i < cited.size(); i++)
            sources.put(cited.get(i), ranking.pages().get(i));
        return new Selection(findings, sources);
    }

    /**
     * A page's source as the ranking weighs it: its title and the host name of its address, words that say whose page
     * it is ("... according to Harvard Health" and health.harvard.edu).
     */
    public static String source(PageResult page) {
        String title = page.page().title() == null ? "" : page.page().title();
        String host = null;
        try {
            host = page.page().finalUrl() == null
                    ? null
                    : URI.create(page.page().finalUrl()).getHost();
        } catch (IllegalArgumentException notAnAddress) {
            // no host words
        }
        return host == null ? title : title + " " + host;
    }

    private static String queryText(Query query) {
        return query.searches() ? query.text() : null;
    }
}
