package dev.caravan.search;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caravan.model.Query;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Serper (Google results): {@code POST /search} or {@code /news} with the key in {@code X-API-KEY}. Domains become
 * {@code site:} operators, the time range {@code tbs=qdr:x}, and the answer box is the answer. A bad key is a 403
 * here; 429 means too many requests or credits used up and comes without Retry-After. Thread-safe.
 */
public class SerperProvider implements SearchProvider {

    public static final String KEY_VARIABLE = "SERPER_API_KEY";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NAME = "Serper";

    private final String baseUrl;
    private final String apiKey;
    private final long timeoutMs;
    private final SearchHttp.Sender http;

    public SerperProvider(String baseUrl, String apiKey, long timeoutMs, SearchHttp.Sender http) {
        this.baseUrl = baseUrl;
        this.apiKey = apiKey == null ? "" : apiKey.strip();
        this.timeoutMs = timeoutMs;
        this.http = http;
    }

    @Override
    public String name() {
        return "serper";
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
        ObjectNode body = JSON.createObjectNode();
        body.put("q", QueryOperators.withSites(query.text(), query.includeDomains(), query.excludeDomains()));
        if (query.maxResults() != null) {
            int num = Math.max(1, Math.min(100, query.maxResults()));
            body.put("num", num);
        }
        String letter = QueryOperators.timeLetter(query.timeRange());
        if (letter != null) body.put("tbs", "qdr:" + letter);
        String endpoint = "/search";
        if ("news".equals(query.topic())) endpoint = "/news";
        else if ("finance".equals(query.topic())) {
            notes.add(QueryOperators.notHonoured(
                    NAME, "topic", "finance", "it has no finance search; the web was searched"));
        }
        if (query.searchDepth() != null && !"basic".equals(query.searchDepth())) {
            notes.add(QueryOperators.notHonoured(NAME, "search_depth", query.searchDepth(), "it has one depth only"));
        }
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
    public SearchReply send(SearchCall call) throws IOException {
        if (apiKey.isEmpty()) {
            return new SearchReply(
                    null,
                    new ProviderUnavailableException(
                            KEY_VARIABLE + " is not set: export it in the environment and drop the job again"));
        }
        SearchHttp.Answer answer = http.send(
                "POST", call.url(), Map.of("X-API-KEY", apiKey, "Accept", "application/json"), call.body(), timeoutMs);
        return response(answer.status(), answer.body(), call.url().endsWith("/news"));
    }

    /** Serper's answer: results for 2xx, a terminal failure as a value, throws for retryable ones. */
    SearchReply response(int code, String body, boolean news) {
        if (code >= 200 && code < 300) {
            try {
                return new SearchReply(parse(body, news, apiKey), null);
            } catch (SearchException e) {
                return new SearchReply(null, e);
            }
        }
        String detail = ProviderErrors.detail(message(body), apiKey);
        SearchException failure = switch (code) {
            case 401, 403 ->
                new ProviderUnavailableException("Serper rejected the API key (HTTP " + code + "): " + KEY_VARIABLE
                        + " is missing or invalid. Fix it and drop the job again.");
            case 400 -> new SearchException("Serper refused the request (HTTP 400)" + detail);
            case 429 ->
                new RetryableSearchException("Serper rate limit hit or credits used up (HTTP 429)" + detail, -1);
            default ->
                code >= 500
                        ? new RetryableSearchException("Serper server error (HTTP " + code + ")" + detail, -1)
                        : new SearchException("Serper answered HTTP " + code + detail);
        };
        if (failure instanceof RetryableSearchException retryable) throw retryable;
        return new SearchReply(null, failure);
    }

    private static SearchResults parse(String body, boolean news, String apiKey) {
        try {
            JsonNode root = JSON.readTree(body == null ? "" : body);
            if (root == null || !root.isObject())
                throw new SearchException("Serper answered with something that is not JSON");
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
                        .rankedBy("serper", hits.size() + 1));
            }
            JsonNode box = root.path("answerBox");
            String answer = box.hasNonNull("answer")
                    ? box.get("answer").asText()
                    : box.hasNonNull("snippet") ? box.get("snippet").asText() : null;
            return new SearchResults("serper", answer, hits, false);
        } catch (JsonProcessingException e) {
            throw new SearchException(
                    "Serper answered with malformed JSON" + ProviderErrors.detail(e.getOriginalMessage(), apiKey));
        }
    }

    private static String message(String body) {
        try {
            JsonNode m = JSON.readTree(body == null ? "" : body).path("message");
            return m.isTextual() ? m.asText() : "";
        } catch (JsonProcessingException e) {
            return "";
        }
    }
}
