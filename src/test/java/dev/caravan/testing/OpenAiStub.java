package dev.caravan.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An OpenAI-compatible chat model on loopback: {@code POST /v1/chat/completions}, as Ollama, vLLM, llama.cpp's server
 * and OpenAI serve it. Each call takes the next queued reply, or else the default one; a reply may be the model's
 * text (with usage), an HTTP error, or a stall past the client's timeout. Records every request.
 */
public class OpenAiStub implements AutoCloseable {

    public static final String PATH = "/v1/chat/completions";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern FINDING = Pattern.compile("(?m)^\\[(\\d+)] \\(source ([\\d, ]+)\\) (.*)$");

    /** One request as the model saw it. */
    public record Call(JsonNode body, String authorization) {

        /** The text of every message, joined. */
        public String prompt() {
            StringBuilder b = new StringBuilder();
            for (JsonNode m : body.path("messages"))
                b.append(m.path("content").asText()).append('\n');
            return b.toString();
        }

        /** The findings sent, by number from 1: their text as the prompt gives it. */
        public List<String> findings() {
            List<String> found = new ArrayList<>();
            Matcher m = FINDING.matcher(prompt());
            while (m.find()) found.add(m.group(3));
            return found;
        }
    }

    /** How the stub answers one call. */
    public record Reply(int status, String body, long stallMs) {

        /** The model writes {@code content}. */
        public static Reply content(String content) {
            ObjectNode root = JSON.createObjectNode();
            root.put("id", "chatcmpl-stub").put("object", "chat.completion").put("model", "stub-model");
            ObjectNode choice = root.putArray("choices").addObject();
            choice.put("index", 0).put("finish_reason", "stop");
            choice.putObject("message").put("role", "assistant").put("content", content);
            root.putObject("usage")
                    .put("prompt_tokens", 321)
                    .put("completion_tokens", 45)
                    .put("total_tokens", 366);
            return new Reply(200, root.toString(), 0);
        }

        /** The model answers this JSON (as text, the way the API carries it). */
        public static Reply json(String json) {
            return content(json);
        }

        /** An HTTP error with an OpenAI-style error body. */
        public static Reply error(int status, String message) {
            ObjectNode root = JSON.createObjectNode();
            root.putObject("error").put("message", message).put("type", "error");
            return new Reply(status, root.toString(), 0);
        }

        /** Holds the request for {@code ms} before answering (a timeout, when longer than the client waits). */
        public static Reply stall(long ms) {
            return new Reply(200, content("[]").body(), ms);
        }
    }

    private final StubServer server;
    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Function<Call, Reply>> queued = new ConcurrentLinkedQueue<>();
    private volatile Function<Call, Reply> fallback = call -> Reply.content("{\"sentences\": []}");

    public OpenAiStub() throws IOException {
        this("127.0.0.1");
    }

    /** A stub on another loopback address (e.g. 127.0.0.2, which the pages' guard does not allow in the tests). */
    public OpenAiStub(String loopbackAddress) throws IOException {
        server = new StubServer(loopbackAddress);
        server.on(PATH, (ex, body) -> {
            JsonNode request = JSON.readTree(body);
            Call call = new Call(request, ex.getRequestHeaders().getFirst("Authorization"));
            calls.add(call);
            Function<Call, Reply> next = queued.poll();
            Reply reply = (next == null ? fallback : next).apply(call);
            if (reply.stallMs() > 0) {
                try {
                    Thread.sleep(reply.stallMs());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            StubServer.respond(ex, reply.status(), "application/json", reply.body());
        });
    }

    /** The base URL to configure ({@code research.llm.base-url}), ending in {@code /v1}. */
    public String baseUrl() {
        return server.baseUrl() + "/v1";
    }

    public StubServer server() {
        return server;
    }

    /** Every call from now on is answered by {@code answer} (unless one is queued). */
    public OpenAiStub always(Function<Call, Reply> answer) {
        fallback = answer;
        return this;
    }

    /** The next call is answered by {@code answer}. */
    public OpenAiStub then(Function<Call, Reply> answer) {
        queued.add(answer);
        return this;
    }

    /** The next call gets {@code reply}. */
    public OpenAiStub then(Reply reply) {
        return then(call -> reply);
    }

    public List<Call> calls() {
        return List.copyOf(calls);
    }

    /** A JSON answer of one sentence citing the given findings. */
    public static String sentence(String text, int... citations) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode s = root.putArray("sentences").addObject();
        s.put("text", text);
        var c = s.putArray("citations");
        for (int n : citations) c.add(n);
        return root.toString();
    }

    @Override
    public void close() {
        server.close();
    }
}
