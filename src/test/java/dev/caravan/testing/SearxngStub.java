package dev.caravan.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A SearXNG instance's {@code GET /search} on loopback, as search-apis.md §2.3 describes it: no key; {@code format=json}
 * answers only when the JSON format is enabled (else 403 Forbidden, as an instance with the default settings does);
 * about twenty results whatever is asked, each with {@code engine}, {@code engines}, {@code positions}, {@code score}.
 */
public class SearxngStub implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final StubServer server = new StubServer();
    private final Map<String, List<TavilyStub.Result>> fixtures = new ConcurrentHashMap<>();
    private volatile boolean jsonEnabled = true;

    public SearxngStub() throws IOException {
        server.on("/search", (ex, body) -> {
            Map<String, String> params =
                    ProviderStubSupport.params(ex.getRequestURI().getRawQuery());
            if (!"json".equals(params.get("format")) || !jsonEnabled) {
                StubServer.respond(ex, 403, "text/html", "<html><body><h1>403 Forbidden</h1></body></html>");
                return;
            }
            String q = params.getOrDefault("q", "");
            if (q.isBlank()) {
                StubServer.respond(ex, 400, "text/html", "<html><body>Bad Request</body></html>");
                return;
            }
            ObjectNode res = JSON.createObjectNode();
            res.put("query", q);
            res.put("number_of_results", 0);
            ArrayNode results = res.putArray("results");
            int position = 0;
            for (TavilyStub.Result r : fixtures.getOrDefault(q, List.of())) {
                position++;
                ObjectNode o = results.addObject();
                o.put("url", r.url())
                        .put("title", r.title())
                        .put("content", r.content())
                        .put("engine", "duckduckgo");
                o.putArray("engines").add("duckduckgo").add("brave");
                o.putArray("positions").add(position).add(position + 1);
                o.put("score", 4.5 / position).put("category", params.getOrDefault("categories", "general"));
                o.putArray("parsed_url")
                        .add("http")
                        .add("127.0.0.1")
                        .add("/")
                        .add("")
                        .add("")
                        .add("");
                o.put("template", "default.html")
                        .putNull("publishedDate")
                        .put("thumbnail", "")
                        .put("priority", "");
            }
            res.putArray("answers");
            res.putArray("corrections");
            res.putArray("infoboxes");
            res.putArray("suggestions");
            res.putArray("unresponsive_engines");
            StubServer.respond(ex, 200, "application/json", res.toString());
        });
    }

    public SearxngStub results(String q, TavilyStub.Result... results) {
        fixtures.put(q, List.of(results));
        return this;
    }

    /** Like an instance whose settings.yml does not list json under search.formats. */
    public SearxngStub jsonDisabled() {
        jsonEnabled = false;
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
