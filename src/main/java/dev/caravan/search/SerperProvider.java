package dev.caravan.search;

import com.fasterxml.jackson.databind.JsonNode;
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
 * Serper (Google results): {@code POST /search} or {@code /news} with the key in {@code X-API-KEY}. Domains become
 * {@code site:} operators, the time range {@code tbs=qdr:x}, and the answer box is the answer. A bad key is a 403
 * here; 429 means too many requests or credits used up and comes without Retry-After. Thread-safe.
 */
public class SerperProvider extends HttpSearchProvider {

    public static final String KEY_VARIABLE = "SERPER_API_KEY";

    public SerperProvider(Endpoint endpoint, SearchHttp.@Nullable Sender http, Clock clock) {
        super("serper", "Serper", KEY_VARIABLE, endpoint, http, clock);
    }

    @Override
    public SearchCall request(Query query) {
        List<String> notes = new ArrayList<>();
        ObjectNode body = JSON.createObjectNode();
        body.put("q", QueryOperators.withSites(query.text(), query.includeDomains(), query.excludeDomains()));
        if (query.maxResults() != null) {
            int num = Math.max(1, Math.min(100, query.maxResults()));
            body.put("num", num);
        }
        String letter = QueryOperators.timeLetter(query.timeRange());
        if (letter != null) body.put("tbs", "qdr:" + letter);
        String endpoint = "news".equals(query.topic()) ? "/news" : "/search";
        oneDepthNoFinance(query, notes, "search");
        String json = body.toString();
        return new SearchCall(
                name(),
                "POST",
                baseUrl + endpoint,
                json,
                "serper " + baseUrl + endpoint + " " + json + " answer=" + query.wantsAnswer(),
                1,
                notes);
    }

    @Override
    protected Map<String, String> headers() {
        return Map.of("X-API-KEY", apiKey, "Accept", "application/json");
    }

    @Override
    protected SearchException failure(int code, @Nullable String retryAfter, String body) {
        JsonNode message = errorNode(body, "message");
        String detail = detail(message.isTextual() ? message.asText() : "");
        return switch (code) {
            case 401, 403 -> rejectedKey(code);
            case 400 -> new SearchException("Serper refused the request (HTTP 400)" + detail);
            case 429 ->
                new RetryableSearchException("Serper rate limit hit or credits used up (HTTP 429)" + detail, -1);
            default ->
                code >= 500
                        ? new RetryableSearchException("Serper server error (HTTP " + code + ")" + detail, -1)
                        : new SearchException("Serper answered HTTP " + code + detail);
        };
    }

    @Override
    protected SearchResults results(SearchCall call, String body) {
        JsonNode root = json(body);
        boolean news = call.url().endsWith("/news");
        List<SearchHit> hits = new ArrayList<>();
        for (JsonNode r : root.path(news ? "news" : "organic")) {
            String url = r.path("link").asText("");
            if (url.isBlank()) continue;
            int position = r.path("position").asInt(hits.size() + 1);
            hits.add(new SearchHit(
                            url,
                            r.path("title").asText(""),
                            r.path("snippet").asText(""),
                            1.0 / Math.max(1, position),
                            r.hasNonNull("date") ? r.get("date").asText() : null)
                    .rankedBy(name(), hits.size() + 1));
        }
        JsonNode box = root.path("answerBox");
        String answer = box.hasNonNull("answer")
                ? box.get("answer").asText()
                : box.hasNonNull("snippet") ? box.get("snippet").asText() : null;
        return new SearchResults(name(), answer, hits, false);
    }
}
