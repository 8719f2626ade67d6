package dev.caravan.pipeline;

import dev.caravan.fetch.PageFetcher;
import dev.caravan.model.CacheHeaders;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.search.SearchBudget;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * Fetches a page unless the job's page budget is reached; then the page is not fetched and says why, so it is listed
 * under Not retrieved with that reason. Thread-safe.
 */
public class BudgetedPageFetcher {

    private final PageFetcher fetcher;

    public BudgetedPageFetcher(PageFetcher fetcher) {
        this.fetcher = fetcher;
    }

    /**
     * @param budget the job's budget; null fetches without one
     * @param stored the caching headers of a stored copy: the request asks whether it changed; null for none
     * @param order lower goes first at the page's host ({@link PageFetcher#fetch(String, CacheHeaders, int)})
     */
    public CompletableFuture<FetchResponse> fetch(
            @Nullable SearchBudget.Job budget, String url, @Nullable CacheHeaders stored, int order) {
        Optional<String> refused = budget == null ? Optional.empty() : budget.takePage();
        if (refused.isPresent()) {
            return CompletableFuture.completedFuture(
                    FetchResponse.failed(url, url, FetchOutcome.BUDGET_REACHED, refused.get(), null));
        }
        return fetcher.fetch(url, stored, order);
    }
}
