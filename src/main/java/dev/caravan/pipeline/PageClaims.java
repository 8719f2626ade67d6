package dev.caravan.pipeline;

import dev.caravan.cache.PageCache;
import dev.caravan.model.FetchedPage;
import dev.caravan.search.SearchBudget;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Decides, while a query plans its pages (in its job's search order), how each page will be had: from the cache,
 * from another running query that is fetching it already, or fetched by this query, which then takes it from the job's
 * page budget. So a page that several running queries want is fetched once, and a report says "from cache" for the
 * same pages as when queries ran one after another. Thread-safe.
 */
public class PageClaims {

    /** How a query will have one page. */
    public enum Role {
        /** the cache held a fresh copy when the query planned */
        CACHED,
        /** another running query fetches it; this one waits for that page */
        FOLLOWER,
        /** this query fetches it */
        OWNER,
        /** not fetched: the job's page budget is reached */
        REFUSED
    }

    /**
     * @param role how the page will be had
     * @param page for an owner and its followers: the page once the owner has it (null when it got none)
     * @param refusal why it is not fetched, for {@link Role#REFUSED}
     */
    public record Claim(
            Role role,
            @Nullable CompletableFuture<FetchedPage> page,
            @Nullable String refusal) {}

    private final PageCache cache;
    private final ConcurrentHashMap<String, CompletableFuture<FetchedPage>> inFlight = new ConcurrentHashMap<>();

    public PageClaims(PageCache cache) {
        this.cache = cache;
    }

    /** How the query planning now will have the page at {@code normalizedUrl}; {@code budget} may be null. */
    Claim claim(String normalizedUrl, @Nullable SearchBudget.Job budget) {
        if (cache.isFresh(normalizedUrl)) return new Claim(Role.CACHED, null, null);
        CompletableFuture<FetchedPage> fetching = inFlight.get(normalizedUrl);
        if (fetching != null) return new Claim(Role.FOLLOWER, fetching, null);
        Optional<String> refused = budget == null ? Optional.empty() : budget.takePage();
        if (refused.isPresent()) return new Claim(Role.REFUSED, null, refused.get());
        CompletableFuture<FetchedPage> mine = new CompletableFuture<>();
        CompletableFuture<FetchedPage> raced = inFlight.putIfAbsent(normalizedUrl, mine);
        return raced == null ? new Claim(Role.OWNER, mine, null) : new Claim(Role.FOLLOWER, raced, null);
    }

    /** The owner is done with the page (null when it got none): its followers go on, and the cache takes over. */
    void release(String normalizedUrl, Claim claim, @Nullable FetchedPage page) {
        if (claim.role() != Role.OWNER) return;
        inFlight.remove(normalizedUrl, claim.page());
        claim.page().complete(page);
    }
}
