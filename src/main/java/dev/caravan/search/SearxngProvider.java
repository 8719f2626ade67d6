package dev.caravan.search;

import com.fasterxml.jackson.databind.JsonNode;
import dev.caravan.model.Query;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * SearXNG, self-hosted metasearch without a key: {@code GET /search?format=json}. Domains become {@code site:}
 * operators (passed through to its engines), news {@code categories=news}; it has no result count, so results are
 * cut here. An instance without the JSON format enabled answers 403. Thread-safe.
 */
public class SearxngProvider extends HttpSearchProvider {

    public static final String URL_KEY = "research.searxng.base-url";

    /** @param endpoint its address (empty: not usable) and timeout; SearXNG has no key */
    public SearxngProvider(Endpoint endpoint, SearchHttp.@Nullable Sender http, Clock clock) {
        super("searxng", "SearXNG", null, endpoint, http, clock);
    }

    @Override
    public String unusableReason() {
        return baseUrl.isEmpty()
                ? "needs the address of your instance in " + URL_KEY
                        + " (or the SEARXNG_BASE_URL environment variable), which is not set"
                : "";
    }

    @Override
    protected String notSendable() {
        return "SearXNG has no address: set " + URL_KEY + " and drop the job again";
    }

    @Override
    public SearchCall request(Query query) {
        List<String> notes = new ArrayList<>();
        Map<String, String> params = new LinkedHashMap<>();
        params.put("q", QueryOperators.withSites(query.text(), query.includeDomains(), query.excludeDomains()));
        params.put("format", "json");
        if ("news".equals(query.topic())) params.put("categories", "news");
        String letter = QueryOperators.timeLetter(query.timeRange());
        String range = letter == null
                ? null
                : switch (letter) {
                    case "d" -> "day";
                    case "w" -> "week";
                    case "m" -> "month";
                    default -> "year";
                };
        if (range != null) params.put("time_range", range);
        oneDepthNoFinance(query, notes, "category");
        String url = baseUrl + "/search?"
                + params.entrySet().stream()
                        .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                        .collect(Collectors.joining("&"));
        int max = query.maxResults() == null ? Integer.MAX_VALUE : query.maxResults();
        return new SearchCall(
                name(), "GET", url, "", "searxng " + url + " max=" + max + " answer=" + query.wantsAnswer(), 0, notes);
    }

    @Override
    protected Map<String, String> headers() {
        return Map.of("Accept", "application/json");
    }

    @Override
    protected SearchException failure(int code, @Nullable String retryAfter, String body) {
        if (code == 403) {
            return new ProviderUnavailableException(
                    "SearXNG refused the JSON format (HTTP 403): enable it in the instance's "
                            + "settings.yml (search: formats: [html, json]) and drop the job again");
        }
        if (code == 429)
            return new RetryableSearchException("SearXNG rate limit hit (HTTP 429)", retryAfterMs(retryAfter));
        if (code >= 500)
            return new RetryableSearchException("SearXNG server error (HTTP " + code + ")", retryAfterMs(retryAfter));
        return new SearchException("SearXNG refused the request (HTTP " + code + ")");
    }

    @Override
    protected SearchResults results(SearchCall call, String body) {
        JsonNode root = json(body);
        int max = maxResults(call);
        List<SearchHit> hits = new ArrayList<>();
        for (JsonNode r : root.path("results")) {
            if (hits.size() >= max) break;
            String url = r.path("url").asText("");
            if (url.isBlank()) continue;
            hits.add(new SearchHit(
                            url,
                            r.path("title").asText(""),
                            r.path("content").asText(""),
                            1.0 / (hits.size() + 1),
                            r.hasNonNull("publishedDate")
                                    ? r.get("publishedDate").asText()
                                    : null)
                    .rankedBy(name(), hits.size() + 1));
        }
        String answer = null;
        for (JsonNode a : root.path("answers")) {
            answer = a.isTextual() ? a.asText() : a.path("answer").asText(null);
            if (answer != null) break;
        }
        return new SearchResults(name(), answer, hits, false);
    }

    /** The results a call keeps: SearXNG has no count of its own, so the call's cache key carries it. */
    private static int maxResults(SearchCall call) {
        String key = call.cacheKey();
        return Integer.parseInt(key.substring(key.indexOf(" max=") + 5, key.indexOf(" answer=")));
    }
}
