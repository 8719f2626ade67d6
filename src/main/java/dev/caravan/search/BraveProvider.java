package dev.caravan.search;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.model.Query;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Brave Search: {@code GET /res/v1/web/search} with the key in {@code X-Subscription-Token}, spaced by a
 * {@link Throttle} (the free plan allows one request per second). Domains become {@code site:} operators, the time
 * range {@code freshness}, news {@code result_filter=news}. Brave has no answer. A bad key is a 401, 403 or 422
 * ({@code SUBSCRIPTION_TOKEN_INVALID}). Thread-safe.
 */
public class BraveProvider implements SearchProvider {

    public static final String KEY_VARIABLE = "BRAVE_API_KEY";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NAME = "Brave Search";
    private static final int MAX_COUNT = 20;

    private final String baseUrl;
    private final String apiKey;
    private final long timeoutMs;
    private final SearchHttp.Sender http;
    private final Throttle throttle;
    private final Clock clock;

    /** @param clock the time an HTTP-date Retry-After is measured from */
    public BraveProvider(
            String baseUrl, String apiKey, long timeoutMs, SearchHttp.Sender http, Throttle throttle, Clock clock) {
        this.baseUrl = baseUrl;
        this.apiKey = apiKey == null ? "" : apiKey.strip();
        this.timeoutMs = timeoutMs;
        this.http = http;
        this.throttle = throttle;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "brave";
    }

    @Override
    public String displayName() {
        return NAME;
    }

    @Override
    public String unusableReason() {
        return apiKey.isEmpty()
                ? "needs an API key in the " + KEY_VARIABLE + " environment variable, which is not set"
                : "";
    }

    @Override
    public SearchCall request(Query query) {
        List<String> notes = new ArrayList<>();
        Map<String, String> params = new LinkedHashMap<>();
        params.put("q", QueryOperators.withSites(query.text(), query.includeDomains(), query.excludeDomains()));
        if (query.maxResults() != null) {
            int count = Math.max(1, Math.min(MAX_COUNT, query.maxResults()));
            if (count != query.maxResults()) {
                notes.add(QueryOperators.notHonoured(
                        NAME, "max_results", query.maxResults(), "it returns 1 to 20 results; asked for " + count));
            }
            params.put("count", Integer.toString(count));
        }
        String letter = QueryOperators.timeLetter(query.timeRange());
        if (letter != null) params.put("freshness", "p" + letter);
        if ("news".equals(query.topic())) params.put("result_filter", "news");
        else if ("finance".equals(query.topic())) {
            notes.add(QueryOperators.notHonoured(
                    NAME, "topic", "finance", "it has no finance search; the web was searched"));
        }
        if (query.searchDepth() != null && !"basic".equals(query.searchDepth())) {
            notes.add(QueryOperators.notHonoured(NAME, "search_depth", query.searchDepth(), "it has one depth only"));
        }
        if (query.wantsAnswer())
            notes.add(QueryOperators.notHonoured(NAME, "include_answer", true, "it gives no answer"));
        String url = baseUrl + "/res/v1/web/search?"
                + params.entrySet().stream()
                        .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                        .collect(Collectors.joining("&"));
        return new SearchCall(name(), "GET", url, "", "brave " + url, 1, notes);
    }

    @Override
    public SearchReply send(SearchCall call) throws IOException {
        if (apiKey.isEmpty()) {
            return new SearchReply(
                    null,
                    new ProviderUnavailableException(
                            KEY_VARIABLE + " is not set: export it in the environment and drop the job again"));
        }
        throttle.acquire();
        SearchHttp.Answer answer = http.send(
                "GET", call.url(), Map.of("X-Subscription-Token", apiKey, "Accept", "application/json"), "", timeoutMs);
        return response(
                answer.status(), answer.retryAfter(), answer.body(), call.url().contains("result_filter=news"));
    }

    /** Brave's answer: results for 2xx, a terminal failure as a value, throws for retryable ones. */
    SearchReply response(int code, String retryAfter, String body, boolean news) {
        if (code >= 200 && code < 300) {
            try {
                return new SearchReply(parse(body, news, apiKey), null);
            } catch (SearchException e) {
                return new SearchReply(null, e);
            }
        }
        JsonNode error = error(body);
        String errorCode = error.path("code").asText("");
        String detail = ProviderErrors.detail(error.path("detail").asText(""), apiKey);
        SearchException failure;
        if (code == 401 || code == 403 || errorCode.startsWith("SUBSCRIPTION_TOKEN")) {
            failure = new ProviderUnavailableException("Brave Search rejected the API key (HTTP " + code + "): "
                    + KEY_VARIABLE + " is missing or invalid. Fix it and drop the job again.");
        } else if (code == 429 && errorCode.contains("QUOTA")) {
            failure = new ProviderUnavailableException(
                    "Brave Search says the plan's quota is used up (HTTP 429)" + detail);
        } else if (code == 429) {
            failure = new RetryableSearchException(
                    "Brave Search rate limit hit (HTTP 429)" + detail, ProviderErrors.retryAfterMs(retryAfter, clock));
        } else if (code >= 500) {
            failure = new RetryableSearchException(
                    "Brave Search server error (HTTP " + code + ")" + detail,
                    ProviderErrors.retryAfterMs(retryAfter, clock));
        } else {
            failure = new SearchException("Brave Search refused the request (HTTP " + code + ")" + detail);
        }
        if (failure instanceof RetryableSearchException retryable) throw retryable;
        return new SearchReply(null, failure);
    }

    private static SearchResults parse(String body, boolean news, String apiKey) {
        try {
            JsonNode root = JSON.readTree(body == null ? "" : body);
            if (root == null || !root.isObject())
                throw new SearchException("Brave Search answered with something that is not JSON");
            List<SearchHit> hits = new ArrayList<>();
            for (JsonNode r : root.path(news ? "news" : "web").path("results")) {
                String url = r.path("url").asText("");
                if (url.isBlank()) continue;
                StringBuilder snippet = new StringBuilder(r.path("description").asText(""));
                for (JsonNode extra : r.path("extra_snippets"))
                    snippet.append(" [...] ").append(extra.asText());
                String date = r.hasNonNull("page_age")
                        ? r.get("page_age").asText()
                        : r.hasNonNull("age") ? r.get("age").asText() : null;
                hits.add(new SearchHit(
                                url, r.path("title").asText(""), snippet.toString(), 1.0 / (hits.size() + 1), date)
                        .rankedBy("brave", hits.size() + 1));
            }
            return new SearchResults("brave", null, hits, false);
        } catch (JsonProcessingException e) {
            throw new SearchException("Brave Search answered with malformed JSON"
                    + ProviderErrors.detail(e.getOriginalMessage(), apiKey));
        }
    }

    private static JsonNode error(String body) {
        try {
            return JSON.readTree(body == null ? "" : body).path("error");
        } catch (JsonProcessingException e) {
            return JSON.missingNode();
        }
    }
}
