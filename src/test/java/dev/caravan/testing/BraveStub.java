package dev.caravan.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Brave Search's {@code GET /res/v1/web/search} on loopback, as search-apis.md §2.2 describes it: the key in
 * {@code X-Subscription-Token} (a bad one is 422 {@code SUBSCRIPTION_TOKEN_INVALID}), {@code count} 1-20, results
 * in {@code web.results} (or {@code news.results} with {@code result_filter=news}). Like the free plan it allows one
 * request per second (less 100 ms for the network's jitter): a faster caller gets 429 {@code RATE_LIMITED}.
 */
public class BraveStub implements AutoCloseable {

    public static final String KEY = "brave-test-key";
    public static final String PATH = "/res/v1/web/search";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final StubServer server = new StubServer();
    private final Map<String, List<TavilyStub.Result>> fixtures = new ConcurrentHashMap<>();
    private Instant last;

    public BraveStub() throws IOException {
        server.on(PATH, (ex, body) -> {
            if (!KEY.equals(ex.getRequestHeaders().getFirst("X-Subscription-Token"))) {
                StubServer.respond(
                        ex,
                        422,
                        "application/json",
                        error(422, "SUBSCRIPTION_TOKEN_INVALID", "The provided subscription token is invalid."));
                return;
            }
            synchronized (this) {
                Instant now = Instant.now();
                boolean tooSoon = last != null && Duration.between(last, now).toMillis() < 900;
                last = now;
                if (tooSoon) {
                    ex.getResponseHeaders().set("X-RateLimit-Limit", "1, 2000");
                    ex.getResponseHeaders().set("X-RateLimit-Remaining", "0, 1990");
                    ex.getResponseHeaders().set("X-RateLimit-Reset", "1, 1419704");
                    StubServer.respond(
                            ex,
                            429,
                            "application/json",
                            error(429, "RATE_LIMITED", "Request rate limit exceeded for plan."));
                    return;
                }
            }
            Map<String, String> params =
                    ProviderStubSupport.params(ex.getRequestURI().getRawQuery());
            String q = params.getOrDefault("q", "");
            int count = Integer.parseInt(params.getOrDefault("count", "20"));
            if (q.isEmpty() || q.length() > 400 || count < 1 || count > 20) {
                StubServer.respond(
                        ex,
                        422,
                        "application/json",
                        error(422, "VALIDATION", "Unable to validate request parameter(s)"));
                return;
            }
            boolean news = "news".equals(params.get("result_filter"));
            ObjectNode res = JSON.createObjectNode();
            res.put("type", "search");
            res.putObject("query").put("original", q).put("more_results_available", false);
            ObjectNode section = res.putObject(news ? "news" : "web");
            section.put("type", news ? "news" : "search");
            ArrayNode results = section.putArray("results");
            for (TavilyStub.Result r :
                    fixtures.getOrDefault(q, List.of()).stream().limit(count).toList()) {
                ObjectNode o = results.addObject();
                o.put("title", r.title())
                        .put("url", r.url())
                        .put("description", r.content())
                        .put("age", "2 days ago")
                        .put("page_age", "2025-04-12T14:22:41")
                        .put("language", "en");
                o.putObject("meta_url")
                        .put("scheme", "http")
                        .put("hostname", "127.0.0.1")
                        .put("path", "/");
            }
            res.putObject("mixed").put("type", "mixed");
            StubServer.respond(ex, 200, "application/json", res.toString());
        });
    }

    private static String error(int status, String code, String detail) {
        ObjectNode root = JSON.createObjectNode();
        root.put("type", "ErrorResponse");
        root.putObject("error")
                .put("id", "00000000-0000-0000-0000-000000000000")
                .put("status", status)
                .put("code", code)
                .put("detail", detail)
                .putObject("meta");
        root.put("time", 1700000000);
        return root.toString();
    }

    public BraveStub results(String q, TavilyStub.Result... results) {
        fixtures.put(q, List.of(results));
        return this;
    }

    public StubServer server() {
        return server;
    }

    public String baseUrl() {
        return server.baseUrl();
    }

    public int calls() {
        return server.requests().size();
    }

    @Override
    public void close() {
        server.close();
    }
}
