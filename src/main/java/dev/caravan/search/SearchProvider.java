package dev.caravan.search;

import dev.caravan.model.Query;

/**
 * One search engine: turns a {@link Query} into its own request, sends it, and maps its answer and its errors.
 * Nothing outside this package knows a provider's wire format. Implementations are thread-safe.
 */
public interface SearchProvider {

    /** The name jobs and configuration use, lower case, e.g. {@code tavily}. */
    String name();

    /** The name shown to people, e.g. {@code Tavily}. */
    String displayName();

    /** Why this provider cannot be used (a missing key, naming the environment variable), or empty when usable. */
    String unusableReason();

    /** The request for a query, with the options this provider could not honour. */
    SearchCall request(Query query);

    /**
     * Sends the call. Results, or a terminal failure as a value (bad key, quota, bad request); throws
     * {@link RetryableSearchException} for rate limits and server errors and {@link java.io.IOException} for network
     * faults, so the route retries them.
     */
    SearchReply send(SearchCall call) throws java.io.IOException;
}
