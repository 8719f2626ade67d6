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
 * Serper's {@code POST /search} and {@code /news} on loopback, as search-apis.md §2.1 describes them: the key in
 * {@code X-API-KEY} (a bad one is a 403 with a flat {@code {"message","statusCode"}} body), {@code q} required,
 * {@code num} 1-100; results in {@code organic} (or {@code news}) with 1-based {@code position}.
 */
public class SerperStub implements AutoCloseable {

    public static final String KEY = "serper-test-key";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final StubServer server = new StubServer();
    private final Map<String, List<TavilyStub.Result>> fixtures = new ConcurrentHashMap<>();
    private final Map<String, String> answers = new ConcurrentHashMap<>();

    public SerperStub() throws IOException {
        server.on("/search", (ex, body) -> answer(ex, body, "organic"));
        server.on("/news", (ex, body) -> answer(ex, body, "news"));
    }

    private void answer(com.sun.net.httpserver.HttpExchange ex, String body, String list) throws IOException {
        if (!KEY.equals(ex.getRequestHeaders().getFirst("X-API-KEY"))) {
            StubServer.respond(
                    ex,
                    403,
                    "application/json",
                    "{\"message\":\"Unauthorized. Sign up for a free account.\",\"statusCode\":403}");
            return;
        }
        JsonNode req = JSON.readTree(body);
        String q = req.path("q").asText("");
        int num = req.path("num").asInt(10);
        if (q.isBlank() || num < 1 || num > 100) {
            StubServer.respond(ex, 400, "application/json", "{\"message\":\"Bad Request\",\"statusCode\":400}");
            return;
        }
        ObjectNode res = JSON.createObjectNode();
        ObjectNode params = res.putObject("searchParameters");
        params.put("q", q)
                .put("gl", "us")
                .put("hl", "en")
                .put("type", list.equals("news") ? "news" : "search")
                .put("num", num)
                .put("page", 1)
                .put("engine", "google");
        if (answers.containsKey(q)) {
            res.putObject("answerBox")
                    .put("snippet", answers.get(q))
                    .put("title", "Answer")
                    .put("link", "https://answer.example/");
        }
        ArrayNode results = res.putArray(list);
        int position = 0;
        for (TavilyStub.Result r :
                fixtures.getOrDefault(q, List.of()).stream().limit(num).toList()) {
            ObjectNode o = results.addObject();
            o.put("title", r.title())
                    .put("link", r.url())
                    .put("snippet", r.content())
                    .put("position", ++position);
            if (list.equals("news")) o.put("date", "2 days ago").put("source", "Example News");
        }
        res.putArray("relatedSearches");
        res.put("credits", 1);
        StubServer.respond(ex, 200, "application/json", res.toString());
    }

    public SerperStub results(String q, TavilyStub.Result... results) {
        fixtures.put(q, List.of(results));
        return this;
    }

    public SerperStub answerBox(String q, String snippet) {
        answers.put(q, snippet);
        return this;
    }

    public StubServer server() {
        return server;
    }

    public String baseUrl() {
        return server.baseUrl();
    }

    public int calls() {
        return server.requestsTo("/search").size() + server.requestsTo("/news").size();
    }

    @Override
    public void close() {
        server.close();
    }
}
