package dev.caravan.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A faithful-enough Tavily {@code POST /search} on loopback: checks the Bearer key, validates the request like Tavily
 * (query length, max_results, topic), and answers from fixtures keyed by query text.
 */
public class TavilyStub implements AutoCloseable {

    public static final String KEY = "tvly-test-key";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One fixture result. */
    public record Result(String url, String title, String content) {}

    private final StubServer server;
    private final Map<String, List<Result>> fixtures = new ConcurrentHashMap<>();
    private volatile String answer = "The provider's own summary.";

    public TavilyStub() throws IOException {
        server = new StubServer();
        server.on("/search", (ex, body) -> {
            String auth = ex.getRequestHeaders().getFirst("Authorization");
            if (!("Bearer " + KEY).equals(auth)) {
                StubServer.respond(
                        ex,
                        401,
                        "application/json",
                        "{\"detail\":{\"error\":\"Unauthorized: missing or invalid API key.\"}}");
                return;
            }
            JsonNode req = JSON.readTree(body);
            String query = req.path("query").asText("");
            if (query.length() > 400) {
                StubServer.respond(
                        ex,
                        400,
                        "application/json",
                        "{\"detail\":{\"error\":\"Query is too long. Max query length is 400 characters.\"}}");
                return;
            }
            int max = req.path("max_results").asInt(5);
            ObjectNode res = JSON.createObjectNode();
            res.put("query", query);
            boolean wantsAnswer = req.path("include_answer").asBoolean(false);
            if (wantsAnswer) res.put("answer", answer);
            else res.putNull("answer");
            res.putArray("images");
            ArrayNode results = res.putArray("results");
            double score = 0.99;
            for (Result r :
                    fixtures.getOrDefault(query, List.of()).stream().limit(max).toList()) {
                ObjectNode o = results.addObject();
                o.put("title", r.title());
                o.put("url", r.url());
                o.put("content", r.content());
                o.put("score", score -= 0.05);
                o.putNull("raw_content");
            }
            res.putNull("follow_up_questions");
            res.put("response_time", 0.12);
            res.put("request_id", "00000000-0000-0000-0000-000000000000");
            StubServer.respond(ex, 200, "application/json", res.toString());
        });
    }

    /** The answer given when a request asks for one ({@code include_answer}). */
    public TavilyStub answer(String answer) {
        this.answer = answer;
        return this;
    }

    public TavilyStub results(String query, Result... results) {
        fixtures.put(query, List.of(results));
        return this;
    }

    public StubServer server() {
        return server;
    }

    public String baseUrl() {
        return server.baseUrl();
    }

    public int searchCalls() {
        return server.requestsTo("/search").size();
    }

    @Override
    public void close() {
        server.close();
    }
}
