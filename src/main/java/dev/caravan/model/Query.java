package dev.caravan.model;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One research question with its search options, named as Tavily names them. Options that are null were not given
 * and fall back to the provider's defaults.
 *
 * @param text the search query; null when the query only lists {@code urls} to fetch
 * @param maxResults how many search results to use (0-20)
 * @param topic general, news or finance
 * @param searchDepth basic or advanced
 * @param includeAnswer whether to ask the provider for its own answer
 * @param includeDomains only search these domains
 * @param excludeDomains never search these domains
 * @param timeRange day, week, month, year (or d, w, m, y)
 * @param urls pages to fetch in addition to, or instead of, the search results
 * @param providers the search providers to ask, in order; empty for the configured default. With several, their
 *     results are merged
 * @param answer whether to write an answer from the findings with the configured model ({@code research.llm.*}); null
 *     for the configured default ({@code research.llm.answer})
 */
public record Query(
        @Nullable String text,
        @Nullable Integer maxResults,
        @Nullable String topic,
        @Nullable String searchDepth,
        @Nullable Boolean includeAnswer,
        List<String> includeDomains,
        List<String> excludeDomains,
        @Nullable String timeRange,
        List<String> urls,
        List<String> providers,
        @Nullable Boolean answer) {

    /** The search providers a job may name, in the order they are documented. */
    public static final List<String> PROVIDER_NAMES = List.of("tavily", "serper", "brave", "searxng");

    /** The most results a query may ask one provider for ({@code max_results} 0 to 20), and the most it keeps. */
    public static final int MAX_RESULTS = 20;

    public Query {
        includeDomains = includeDomains == null ? List.of() : List.copyOf(includeDomains);
        excludeDomains = excludeDomains == null ? List.of() : List.copyOf(excludeDomains);
        urls = urls == null ? List.of() : List.copyOf(urls);
        providers = providers == null ? List.of() : List.copyOf(providers);
    }

    /** A query with the configured default for the answer. */
    public Query(
            @Nullable String text,
            @Nullable Integer maxResults,
            @Nullable String topic,
            @Nullable String searchDepth,
            @Nullable Boolean includeAnswer,
            @Nullable List<String> includeDomains,
            @Nullable List<String> excludeDomains,
            @Nullable String timeRange,
            @Nullable List<String> urls,
            @Nullable List<String> providers) {
        this(
                text,
                maxResults,
                topic,
                searchDepth,
                includeAnswer,
                includeDomains,
                excludeDomains,
                timeRange,
                urls,
                providers,
                null);
    }

    /** A query for the configured default provider. */
    public Query(
            @Nullable String text,
            @Nullable Integer maxResults,
            @Nullable String topic,
            @Nullable String searchDepth,
            @Nullable Boolean includeAnswer,
            @Nullable List<String> includeDomains,
            @Nullable List<String> excludeDomains,
            @Nullable String timeRange,
            @Nullable List<String> urls) {
        this(
                text,
                maxResults,
                topic,
                searchDepth,
                includeAnswer,
                includeDomains,
                excludeDomains,
                timeRange,
                urls,
                List.of());
    }

    /** The same query for other providers. */
    public Query withProviders(List<String> names) {
        return new Query(
                text,
                maxResults,
                topic,
                searchDepth,
                includeAnswer,
                includeDomains,
                excludeDomains,
                timeRange,
                urls,
                names,
                answer);
    }

    /** The same query, answered by the model or not ({@code null}: as configured). */
    public Query withAnswer(@Nullable Boolean wanted) {
        return new Query(
                text,
                maxResults,
                topic,
                searchDepth,
                includeAnswer,
                includeDomains,
                excludeDomains,
                timeRange,
                urls,
                providers,
                wanted);
    }

    public static Query of(String text) {
        return new Query(text, null, null, null, null, null, null, null, null);
    }

    /** True when the query asks for a search, false when it only lists URLs. */
    public boolean searches() {
        return text != null && !text.isBlank();
    }

    /** The query text, or a description of the URL list for queries without text. */
    public String label() {
        return searches() ? text : "pages: " + String.join(", ", urls);
    }

    /** How many of one provider's results this query keeps: {@code max_results}, and never more than 20. */
    public int resultsKept() {
        return maxResults == null ? MAX_RESULTS : Math.max(0, Math.min(MAX_RESULTS, maxResults));
    }

    public boolean wantsAnswer() {
        return Boolean.TRUE.equals(includeAnswer);
    }
}
