package dev.caravan.search;

import com.fasterxml.jackson.databind.JsonNode;
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
import org.jspecify.annotations.Nullable;

/**
 * Brave Search: {@code GET /res/v1/web/search} with the key in {@code X-Subscription-Token}, spaced by a
 * {@link Throttle} (the free plan allows one request per second). Domains become {@code site:} operators, the time
 * range {@code freshness}, news {@code result_filter=news}. Brave has no answer. A bad key is a 401, 403 or 422
 * ({@code SUBSCRIPTION_TOKEN_INVALID}). Thread-safe.
 */
public class BraveProvider extends HttpSearchProvider {

    public static final String KEY_VARIABLE = "BRAVE_API_KEY";
    private static final int MAX_COUNT = 20;

    private final @Nullable Throttle throttle;

    /** @param throttle spaces the calls, or null for a provider that only builds requests and reads answers */
    public BraveProvider(
            Endpoint endpoint, SearchHttp.@Nullable Sender http, @Nullable Throttle throttle, Clock clock) {
        super("brave", "Brave Search", KEY_VARIABLE, endpoint, http, clock);
        this.throttle = throttle;
    }

    @Override
    public SearchCall request(Query query) {
        List<String> notes = new ArrayList<>();
        Map<String, String> params = new LinkedHashMap<>();
        params.put("q", QueryOperators.withSites(query.text(), query.includeDomains(), query.excludeDomains()));
        if (query.maxResults() != null) {
            int count = Math.max(1, Math.min(MAX_COUNT, query.maxResults()));
            if (count != query.maxResults()) {
                notHonoured(notes, "max_results", query.maxResults(), "it returns 1 to 20 results; asked for " + count);
            }
            params.put("count", Integer.toString(count));
        }
        String letter = QueryOperators.timeLetter(query.timeRange());
        if (letter != null) params.put("freshness", "p" + letter);
        if ("news".equals(query.topic())) params.put("result_filter", "news");
        oneDepthNoFinance(query, notes, "search");
        if (query.wantsAnswer()) notHonoured(notes, "include_answer", true, "it gives no answer");
        String url = baseUrl + "/res/v1/web/search?"
                + params.entrySet().stream()
                        .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                        .collect(Collectors.joining("&"));
        return new SearchCall(name(), "GET", url, "", "brave " + url, 1, notes);
    }

    @Override
    protected Map<String, String> headers() {
        return Map.of("X-Subscription-Token", apiKey, "Accept", "application/json");
    }

    @Override
    protected SearchHttp.Answer paced(Exchange exchange) throws IOException {
        return throttle == null ? exchange.run() : throttle.around(exchange::run);
    }

    @Override
    protected SearchException failure(int code, @Nullable String retryAfter, String body) {
        JsonNode error = errorNode(body, "error");
        String errorCode = error.path("code").asText("");
        String detail = detail(error.path("detail").asText(""));
        if (code == 401 || code == 403 || errorCode.startsWith("SUBSCRIPTION_TOKEN")) return rejectedKey(code);
        if (code == 429 && errorCode.contains("QUOTA")) {
            return new ProviderUnavailableException(
                    "Brave Search says the plan's quota is used up (HTTP 429)" + detail);
        }
        if (code == 429)
            return new RetryableSearchException(
                    "Brave Search rate limit hit (HTTP 429)" + detail, retryAfterMs(retryAfter));
        if (code >= 500) {
            return new RetryableSearchException(
                    "Brave Search server error (HTTP " + code + ")" + detail, retryAfterMs(retryAfter));
        }
        return new SearchException("Brave Search refused the request (HTTP " + code + ")" + detail);
    }

    @Override
    protected SearchResults results(SearchCall call, String body) {
        JsonNode root = json(body);
        boolean news = call.url().contains("result_filter=news");
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
            hits.add(new SearchHit(url, r.path("title").asText(""), snippet.toString(), 1.0 / (hits.size() + 1), date)
                    .rankedBy(name(), hits.size() + 1));
        }
        return new SearchResults(name(), null, hits, false);
    }
}
