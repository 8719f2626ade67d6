package dev.caravan.search;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caravan.model.Query;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The Tavily provider: builds {@code POST /search} requests, sends them, and reads its answers, mapping error
 * statuses to messages a user can act on. The API key is only ever put in the Authorization header, never in
 * messages. Thread-safe.
 */
public class TavilyClient implements SearchProvider {

    /** The environment variable the key is read from. */
    public static final String KEY_VARIABLE = "TAVILY_API_KEY";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String baseUrl;
    private final String apiKey;
    private final long timeoutMs;
    private final SearchHttp.Sender http;
    private final Clock clock;

    /** A client that only builds requests and reads answers (no sender). */
    public TavilyClient(String baseUrl, String apiKey, Clock clock) {
        this(baseUrl, apiKey, 30_000, null, clock);
    }

    /** @param clock the time an HTTP-date Retry-After is measured from */
    public TavilyClient(String baseUrl, String apiKey, long timeoutMs, SearchHttp.Sender http, Clock clock) {
        this.baseUrl = baseUrl;
        this.apiKey = apiKey == null ? "" : apiKey.strip();
        this.timeoutMs = timeoutMs;
        this.http = http;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "tavily";
    }

    @Override
    public String displayName() {
        return "Tavily";
    }

    @Override
    public String unusableReason() {
        return apiKey.isEmpty()
                ? "needs an API key in the " + KEY_VARIABLE + " environment variable, which is not set"
                : "";
    }

    @Override
    public SearchReply send(SearchCall call) throws java.io.IOException {
        if (apiKey.isEmpty()) {
            return new SearchReply(
                    null,
                    new ProviderUnavailableException(
                            KEY_VARIABLE + " is not set: export it in the environment and drop the job again"));
        }
        SearchHttp.Answer answer = http.send(
                "POST",
                call.url(),
                java.util.Map.of("Authorization", "Bearer " + apiKey, "Accept", "application/json"),
                call.body(),
                timeoutMs);
        return response(answer.status(), answer.retryAfter(), answer.body());
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
                name(),
                "POST",
                baseUrl + "/search",
                json,
                "tavily " + baseUrl + " " + json,
                credits,
                java.util.List.of());
    }

    /**
     * Reads Tavily's answer: results for 2xx; a terminal failure as a value; throws {@link RetryableSearchException}
     * for rate limits and server errors, so the route retries them.
     */
    public SearchReply response(Integer status, String retryAfter, String body) {
        int code = status == null ? 0 : status;
        if (code >= 200 && code < 300) {
            try {
                return new SearchReply(parse(body, apiKey), null);
            } catch (SearchException e) {
                return new SearchReply(null, e);
            }
        }
        String detail = ProviderErrors.detail(message(body), apiKey);
        SearchException failure = failure(code, retryAfter, detail);
        if (failure instanceof RetryableSearchException retryable) throw retryable;
        return new SearchReply(null, failure);
    }

    private SearchException failure(int code, String retryAfter, String detail) {
        return switch (code) {
            case 401 ->
                new ProviderUnavailableException("Tavily rejected the API key (HTTP 401): TAVILY_API_KEY is missing or "
                        + "invalid. Fix it and drop the job again.");
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

    private static SearchResults parse(String body, String apiKey) {
        try {
            JsonNode root = JSON.readTree(body == null ? "" : body);
            if (root == null || !root.isObject())
                throw new SearchException("Tavily answered with something that is not JSON");
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
                        .rankedBy("tavily", hits.size() + 1));
            }
            String answer = root.hasNonNull("answer") ? root.get("answer").asText() : null;
            return new SearchResults("tavily", answer, hits, false);
        } catch (JsonProcessingException e) {
            throw new SearchException(
                    "Tavily answered with malformed JSON" + ProviderErrors.detail(e.getOriginalMessage(), apiKey));
        }
    }

    /** Tavily's own words about an error ({@code detail.error}), not yet redacted nor cut; empty if none. */
    private static String message(String body) {
        try {
            JsonNode error =
                    JSON.readTree(body == null ? "" : body).path("detail").path("error");
            return error.isTextual() ? error.asText() : "";
        } catch (JsonProcessingException e) {
            return "";
        }
    }

    /** Retry-After in seconds or as an HTTP date, capped at two minutes; -1 when absent or unreadable. */
    long retryAfterMs(String header) {
        return ProviderErrors.retryAfterMs(header, clock);
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }
}
