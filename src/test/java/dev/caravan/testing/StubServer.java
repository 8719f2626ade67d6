package dev.caravan.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/** A tiny HTTP server bound to 127.0.0.1 that answers by path and records every request it sees. */
public class StubServer implements AutoCloseable {

    /** A request as the stub saw it. */
    public record Recorded(String method, String path, Map<String, List<String>> headers, String body, Instant at) {
        public String header(String name) {
            for (var e : headers.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) return e.getValue().get(0);
            }
            return null;
        }
    }

    /** Answers one request. */
    public interface Handler {
        void handle(HttpExchange exchange, String body) throws IOException;
    }

    private final HttpServer server;
    private final Map<String, Handler> handlers = new ConcurrentHashMap<>();
    private final List<Recorded> requests = new CopyOnWriteArrayList<>();

    public StubServer() throws IOException {
        this("127.0.0.1");
    }

    /** A stub on another loopback address, e.g. 127.0.0.2, to prove that nothing ever reaches it. */
    public StubServer(String loopbackAddress) throws IOException {
        InetAddress address = InetAddress.getByName(loopbackAddress);
        if (!address.isLoopbackAddress()) throw new IllegalArgumentException("stubs bind to loopback only");
        server = HttpServer.create(new InetSocketAddress(address, 0), 50);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::dispatch);
        server.start();
    }

    public String baseUrl() {
        String host = server.getAddress().getAddress().getHostAddress();
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":"
                + server.getAddress().getPort();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public String url(String path) {
        return baseUrl() + path;
    }

    public StubServer on(String path, Handler handler) {
        handlers.put(path, handler);
        return this;
    }

    public StubServer page(String path, int status, String contentType, String body) {
        return on(path, (ex, b) -> respond(ex, status, contentType, body));
    }

    /**
     * A handler that signals {@code entered}, then holds the request until {@code release} opens (at most a minute),
     * and answers 503: a server that hangs while a test does something to Caravan.
     */
    public static Handler stalling(
            java.util.concurrent.CountDownLatch entered, java.util.concurrent.CountDownLatch release) {
        return (ex, body) -> {
            entered.countDown();
            try {
                release.await(60, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            respond(ex, 503, "application/json", "{}");
        };
    }

    public List<Recorded> requests() {
        return List.copyOf(requests);
    }

    public List<Recorded> requestsTo(String path) {
        return requests.stream().filter(r -> r.path().equals(path)).toList();
    }

    public static void respond(HttpExchange ex, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        if (contentType != null) ex.getResponseHeaders().set("Content-Type", contentType);
        ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private void dispatch(HttpExchange ex) throws IOException {
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String path = ex.getRequestURI().getRawPath()
                + (ex.getRequestURI().getRawQuery() == null
                        ? ""
                        : "?" + ex.getRequestURI().getRawQuery());
        requests.add(
                new Recorded(ex.getRequestMethod(), path, Map.copyOf(ex.getRequestHeaders()), body, Instant.now()));
        Handler handler = handlers.get(path);
        if (handler == null) handler = handlers.get(ex.getRequestURI().getRawPath());
        try {
            if (handler == null) respond(ex, 404, "text/plain", "not found");
            else handler.handle(ex, body);
        } finally {
            ex.close();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
