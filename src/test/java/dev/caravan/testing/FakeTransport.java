package dev.caravan.testing;

import dev.caravan.fetch.HttpResult;
import dev.caravan.fetch.HttpTransport;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Answers from a map of URL to result (404 for anything unknown) and records every request in order. */
public final class FakeTransport implements HttpTransport {

    public record Call(String url, Purpose purpose, Instant deadline, Map<String, String> headers) {}

    private final Map<String, HttpResult> answers = new HashMap<>();
    private final Map<String, java.util.Deque<HttpResult>> sequences = new HashMap<>();
    private final List<Call> calls = new ArrayList<>();

    public FakeTransport on(String url, HttpResult result) {
        answers.put(url, result);
        return this;
    }

    /** Answers {@code url} with each result in turn, then keeps giving the last. */
    public FakeTransport sequence(String url, HttpResult... results) {
        sequences.put(url, new java.util.ArrayDeque<>(List.of(results)));
        return this;
    }

    public FakeTransport ok(String url, String contentType, String body) {
        return on(
                url,
                HttpResult.response(200, Map.of("content-type", contentType), body.getBytes(StandardCharsets.UTF_8)));
    }

    public FakeTransport status(String url, int status) {
        return on(url, HttpResult.response(status, Map.of(), new byte[0]));
    }

    public FakeTransport redirect(String url, int status, String location) {
        return on(url, HttpResult.response(status, Map.of("location", location), new byte[0]));
    }

    /** robots.txt with the given text at {@code origin + "/robots.txt"}. */
    public FakeTransport robots(String origin, String text) {
        return ok(origin + "/robots.txt", "text/plain", text);
    }

    @Override
    public synchronized HttpResult get(URI url, Purpose purpose, Instant deadline, Map<String, String> headers) {
        calls.add(new Call(url.toString(), purpose, deadline, Map.copyOf(headers)));
        java.util.Deque<HttpResult> sequence = sequences.get(url.toString());
        if (sequence != null) return sequence.size() > 1 ? sequence.poll() : sequence.peek();
        return answers.getOrDefault(url.toString(), HttpResult.response(404, Map.of(), new byte[0]));
    }

    public synchronized List<Call> calls() {
        return List.copyOf(calls);
    }

    public synchronized List<String> urls() {
        return calls.stream().map(Call::url).toList();
    }

    public synchronized long count(String url) {
        return calls.stream().filter(c -> c.url().equals(url)).count();
    }
}
