package dev.caravan.search;

import com.github.benmanes.caffeine.cache.Cache;
import dev.caravan.model.Query;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Searches one query: with the provider(s) it asks for (else the default), each answer cached by the whole request,
 * provider included; the next provider in the fallback list when one cannot be used (rejected key, quota used up,
 * breaker open); several providers' results merged by reciprocal rank fusion and de-duplicated by normalised URL.
 * A retryable failure propagates so the route retries the whole search; answers already cached are not asked again.
 * Each provider's results are cut to the query's {@code max_results} (at most 20), whatever the provider sent.
 * Thread-safe.
 */
public class Searcher {

    /** The usual reciprocal-rank-fusion constant: a result's share is 1 / (K + rank). */
    static final int RRF_K = 60;

    private final SearchProviderRegistry providers;
    private final ResultCache cache;
    private final UnaryOperator<String> normalise;

    /** @param normalise a URL as compared for de-duplication (the fetch stage's normaliser) */
    public Searcher(SearchProviderRegistry providers, ResultCache cache, UnaryOperator<String> normalise) {
        this.providers = providers;
        this.cache = cache;
        this.normalise = normalise;
    }

    /** A searcher whose answers are cached in memory only. */
    public Searcher(
            SearchProviderRegistry providers, Cache<String, SearchResults> cache, UnaryOperator<String> normalise) {
        this(providers, ResultCache.inMemory(cache), normalise);
    }

    /** The names this query searches with, in order. */
    public List<String> chosen(Query query) {
        return query.providers().isEmpty() ? List.of(providers.defaultProvider()) : query.providers();
    }

    /** Searches without a budget. */
    public SearchResults search(Query query) throws Exception {
        return search(null, query);
    }

    /**
     * Searches within a job's budget: when a call would go over it, the query is not searched and its results say
     * which budget was reached. Cached answers cost nothing.
     */
    public SearchResults search(SearchBudget.Job budget, Query query) throws Exception {
        if (!query.searches()) return SearchResults.none();
        List<String> names = chosen(query);
        List<SearchResults> each = new ArrayList<>();
        try {
            for (String name : names) each.add(withFallback(budget, name, query));
        } catch (BudgetReached e) {
            return SearchResults.notSearched(e.getMessage());
        }
        return each.size() == 1 ? each.get(0) : merge(each);
    }

    /** A budget was reached before a call. */
    private static final class BudgetReached extends RuntimeException {
        BudgetReached(String reason) {
            super(reason, null, false, false);
        }
    }

    private SearchResults withFallback(SearchBudget.Job budget, String name, Query query) throws Exception {
        List<String> chain = new ArrayList<>(new LinkedHashSet<>(concat(name, providers.fallback())));
        List<String> notes = new ArrayList<>();
        ProviderUnavailableException last = null;
        for (String candidate : chain) {
            SearchProvider provider = providers.provider(candidate);
            try {
                SearchResults results = one(budget, provider, query);
                return results.withNotes(notes);
            } catch (ProviderUnavailableException e) {
                last = e;
                if (chain.indexOf(candidate) < chain.size() - 1) {
                    String next = providers
                            .provider(chain.get(chain.indexOf(candidate) + 1))
                            .displayName();
                    notes.add(provider.displayName() + " could not be used (" + e.getMessage() + "); searched with "
                            + next + " instead (research.search.fallback)");
                }
            }
        }
        if (notes.isEmpty()) throw last;
        throw new ProviderUnavailableException(
                "no search provider could be used: " + String.join("; ", notes) + "; and " + last.getMessage());
    }

    private SearchResults one(SearchBudget.Job budget, SearchProvider provider, Query query) throws Exception {
        String unusable = provider.unusableReason();
        if (!unusable.isEmpty()) {
            throw new ProviderUnavailableException(provider.displayName() + " is not usable: " + unusable);
        }
        SearchCall call = provider.request(query);
        Optional<SearchResults> cached = cache.get(call.cacheKey());
        if (cached.isPresent()) return cached.get().asCached();
        if (budget != null) {
            Optional<String> refused = budget.spend(call.credits());
            if (refused.isPresent()) throw new BudgetReached(refused.get());
        }
        // whatever the provider sent, the query keeps what it asked for: bounds the pages planned and the metrics
        SearchResults results = providers.call(call).unwrap().firstHits(query.resultsKept());
        cache.put(call.cacheKey(), results);
        return results;
    }

    /** Reciprocal rank fusion: each URL scores the sum of 1 / (K + rank) over the providers that returned it. */
    SearchResults merge(List<SearchResults> each) {
        Map<String, SearchHit> first = new LinkedHashMap<>();
        Map<String, Double> score = new LinkedHashMap<>();
        Map<String, List<SearchHit.Rank>> ranks = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> answers = new ArrayList<>();
        boolean allCached = true;
        for (SearchResults r : each) {
            names.add(r.provider());
            notes.addAll(r.notes());
            allCached &= r.cached();
            if (r.answer() != null && !r.answer().isBlank())
                answers.add(r.providerLabel() + ": " + r.answer().strip());
            int rank = 0;
            for (SearchHit hit : r.hits()) {
                rank++;
                String key = key(hit.url());
                first.putIfAbsent(key, hit);
                score.merge(key, 1.0 / (RRF_K + rank), Double::sum);
                ranks.computeIfAbsent(key, k -> new ArrayList<>()).add(new SearchHit.Rank(r.provider(), rank));
            }
        }
        List<SearchHit> merged = first.entrySet().stream()
                .sorted((a, b) -> Double.compare(score.get(b.getKey()), score.get(a.getKey())))
                .map(e -> {
                    SearchHit h = e.getValue();
                    double rrf = Math.round(score.get(e.getKey()) * 1e6) / 1e6;
                    return new SearchHit(
                            h.url(), h.title(), h.snippet(), rrf, h.publishedDate(), ranks.get(e.getKey()));
                })
                .toList();
        return new SearchResults(
                String.join("+", names),
                answers.isEmpty() ? null : String.join("\n\n", answers),
                merged,
                allCached,
                notes);
    }

    private String key(String url) {
        return normalise.apply(url);
    }

    private static List<String> concat(String first, List<String> rest) {
        List<String> all = new ArrayList<>();
        all.add(first);
        all.addAll(rest);
        return all;
    }
}
