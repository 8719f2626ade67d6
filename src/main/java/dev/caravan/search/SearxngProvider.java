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
 * SearXNG, self-hosted metasearch without a key: {@code GET /search?format=json}. Domains become {@code site:}
 * operators (passed through to its engines), news {@code categories=news}; it has no result count, so results are
 * cut here. An instance without the JSON format enabled answers 403. Thread-safe.
 */
public class SearxngProvider implements SearchProvider {

    public static final String URL_KEY = "research.searxng.base-url";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NAME = "SearXNG";

    private final String baseUrl;
    private final long timeoutMs;
    private final SearchHttp.Sender http;
    private final Clock clock;

    /** @param clock the time an HTTP-date Retry-After is measured from */
    public SearxngProvider(String baseUrl, long timeoutMs, SearchHttp.Sender http, Clock clock) {
        this.baseUrl = baseUrl == null ? "" : baseUrl.strip();
        this.timeoutMs = timeoutMs;
        this.http = http;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "searxng";
    }

    @Override
    public String displayName() {
        return NAME;
    }

    @Override
    public String unusableReason() {
        return baseUrl.isEmpty()
                ? "needs the address of your instance in " + URL_KEY
                        + " (or the SEARXNG_BASE_URL environment variable), which is not set"
                : "";
    }

    @Override
    public SearchCall request(Query query) {
        List<String> notes = new ArrayList<>();
        Map<String, String> params = new LinkedHashMap<>();
        params.put("q", QueryOperators.withSites(query.text(), query.includeDomains(), query.excludeDomains()));
        params.put("format", "json");
        if ("news".equals(query.topic())) params.put("categories", "news");
        else if ("finance".equals(query.topic())) {
            notes.add(QueryOperators.notHonoured(
                    NAME, "topic", "finance", "it has no finance category; the web was searched"));
        }
        if (query.timeRange() != null) {
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
        }
        if (query.searchDepth() != null && !"basic".equals(query.searchDepth())) {
            notes.add(QueryOperators.notHonoured(NAME, "search_depth", query.searchDepth(), "it has one depth only"));
        }
        String url = baseUrl + "/search?"
                + params.entrySet().stream()
                        .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                        .collect(Collectors.joining("&"));
        int max = query.maxResults() == null ? Integer.MAX_VALUE : query.maxResults();
        return new SearchCall(
                name(), "GET", url, "", "searxng " + url + " max=" + max + " answer=" + query.wantsAnswer(), 0, notes);
    }

    @Override
    public SearchReply send(SearchCall call) throws IOException {
        if (baseUrl.isEmpty()) {
            return new SearchReply(
                    null,
                    new ProviderUnavailableException(
                            "SearXNG has no address: set " + URL_KEY + " and drop the job again"));
        }
        SearchHttp.Answer answer = http.send("GET", call.url(), Map.of("Accept", "application/json"), "", timeoutMs);
        String key = call.cacheKey();
        int max = Integer.parseInt(key.substring(key.indexOf(" max=") + 5, key.indexOf(" answer=")));
        return response(answer.status(), answer.retryAfter(), answer.body(), max);
    }

    /** SearXNG's answer: results for 2xx, a terminal failure as a value, throws for retryable ones. */
    SearchReply response(int code, String retryAfter, String body, int max) {
        if (code >= 200 && code < 300) {
            try {
                return new SearchReply(parse(body, max), null);
            } catch (SearchException e) {
                return new SearchReply(null, e);
            }
        }
        SearchException failure;
        if (code == 403) {
            failure = new ProviderUnavailableException(
                    "SearXNG refused the JSON format (HTTP 403): enable it in the instance's "
                            + "settings.yml (search: formats: [html, json]) and drop the job again");
        } else if (code == 429) {
            failure = new RetryableSearchException(
                    "SearXNG rate limit hit (HTTP 429)", ProviderErrors.retryAfterMs(retryAfter, clock));
        } else if (code >= 500) {
            failure = new RetryableSearchException(
                    "SearXNG server error (HTTP " + code + ")", ProviderErrors.retryAfterMs(retryAfter, clock));
        } else {
            failure = new SearchException("SearXNG refused the request (HTTP " + code + ")");
        }
        if (failure instanceof RetryableSearchException retryable) throw retryable;
        return new SearchReply(null, failure);
    }

    private static SearchResults parse(String body, int max) {
        try {
            JsonNode root = JSON.readTree(body == null ? "" : body);
            if (root == null || !root.isObject())
                throw new SearchException("SearXNG answered with something that is not JSON");
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
                        .rankedBy("searxng", hits.size() + 1));
            }
            String answer = null;
            for (JsonNode a : root.path("answers")) {
                answer = a.isTextual() ? a.asText() : a.path("answer").asText(null);
                if (answer != null) break;
            }
            return new SearchResults("searxng", answer, hits, false);
        } catch (JsonProcessingException e) {
            // no key to remove; the parser's text is cut and made safe to log like every provider's
            throw new SearchException(
                    "SearXNG answered with malformed JSON" + ProviderErrors.detail(e.getOriginalMessage(), ""));
        }
    }
}
