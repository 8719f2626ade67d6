package dev.caravan.search;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caravan.model.Query;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Tavily: {@code POST /search} with the key in the Authorization header, never in messages. It honours every option
 * of a query. A bad key is a 401, a used-up plan 432 and a used-up pay-as-you-go limit 433. Thread-safe.
 */
public class TavilyProvider extends HttpSearchProvider {

    /** The environment variable the key is read from. */
    public static final String KEY_VARIABLE = "TAVILY_API_KEY";

    /** A provider that only builds requests and reads answers (no sender). */
    public TavilyProvider(String baseUrl, String apiKey, Clock clock) {
        this(new Endpoint(baseUrl, apiKey, 30_000), null, clock);
    }

    /** @param clock the time an HTTP-date Retry-After is measured from */
    public TavilyProvider(Endpoint endpoint, SearchHttp.@Nullable Sender http, Clock clock) {
        super("tavily", "Tavily", KEY_VARIABLE, endpoint, http, clock);
    }

    @Override
    public SearchCall request(Query query) {
        ObjectNode body = JSON.createObjectNode();
        body.put("query", query.text());
        if (query.maxResults() != null) body.put("max_results", query.maxResults());
        if (query.topic() != null) body.put("topic", query.topic());
        if (query.searchDepth() != null) body.put("search_depth", query.searchDepth());
        if (query.includeAnswer() != null) body.put("include_answer", query.includeAnswer());
        if (!query.includeDomains().isEmpty()) strings(body.putArray("include_domains"), query.includeDomains());
        if (!query.excludeDomains().isEmpty()) strings(body.putArray("exclude_domains"), query.excludeDomains());
        if (query.timeRange() != null) body.put("time_range", query.timeRange());
        String json = body.toString();
        int credits = "advanced".equals(query.searchDepth()) ? 2 : 1;
        return new SearchCall(
                name(), "POST", baseUrl + "/search", json, "tavily " + baseUrl + " " + json, credits, List.of());
    }

    @Override
    protected Map<String, String> headers() {
        return Map.of("Authorization", "Bearer " + apiKey, "Accept", "application/json");
    }

    @Override
    protected SearchException failure(int code, @Nullable String retryAfter, String body) {
        // Tavily's own words about an error are in detail.error
        JsonNode error = errorNode(body, "detail", "error");
        String detail = detail(error.isTextual() ? error.asText() : "");
        return switch (code) {
            case 401 -> rejectedKey(code);
            case 432 ->
                new ProviderUnavailableException(
                        "Tavily says the plan's usage limit is used up (HTTP 432). Upgrade the "
                                + "plan or wait for the quota to reset, then drop the job again.");
            case 433 ->
                new ProviderUnavailableException(
                        "Tavily says the pay-as-you-go limit is used up (HTTP 433). Raise it on "
                                + "the Tavily dashboard, then drop the job again.");
            case 400 -> new SearchException("Tavily refused the request (HTTP 400)" + detail);
            case 403 -> new SearchException("Tavily refused access (HTTP 403)" + detail);
            case 429 ->
                new RetryableSearchException("Tavily rate limit hit (HTTP 429)" + detail, retryAfterMs(retryAfter));
            default ->
                code >= 500
                        ? new RetryableSearchException(
                                "Tavily server error (HTTP " + code + ")" + detail, retryAfterMs(retryAfter))
                        : new SearchException("Tavily answered HTTP " + code + detail);
        };
    }

    @Override
    protected SearchResults results(SearchCall call, String body) {
        JsonNode root = json(body);
        List<SearchHit> hits = new ArrayList<>();
        for (JsonNode r : root.path("results")) {
            String url = r.path("url").asText("");
            if (url.isBlank()) continue;
            hits.add(new SearchHit(
                            url,
                            r.path("title").asText(""),
                            r.path("content").asText(""),
                            r.path("score").asDouble(0),
                            r.hasNonNull("published_date")
                                    ? r.get("published_date").asText()
                                    : null)
                    .rankedBy(name(), hits.size() + 1));
        }
        String answer = root.hasNonNull("answer") ? root.get("answer").asText() : null;
        return new SearchResults(name(), answer, hits, false);
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }
}
