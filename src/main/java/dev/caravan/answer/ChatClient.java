package dev.caravan.answer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caravan.fetch.guard.SingleHostGuard;
import dev.caravan.fetch.guard.Verdict;
import dev.caravan.model.LogText;
import dev.caravan.search.ProviderErrors;
import dev.caravan.search.SearchHttp;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * A client of any OpenAI-compatible {@code POST /chat/completions} API (Ollama, vLLM, llama.cpp's server, OpenAI):
 * temperature 0, a cap on the tokens written, no streaming, JSON asked for with {@code response_format} (a server that
 * refuses that option with HTTP 400 is asked again without it, and never with it again). The key, when there is one,
 * goes in the {@code Authorization} header and is redacted from any text of the server's that is kept. Every request
 * goes to the configured URL only ({@link SingleHostGuard}) and through a circuit breaker that opens while the server
 * keeps failing (429, 5xx, timeouts). Failures are values. Thread-safe.
 */
public final class ChatClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the server said about a call, the model's text when it answered, or why there is none. */
    public record Result(
            @Nullable String content, long promptTokens, long completionTokens, int calls, String failure) {

        public boolean ok() {
            return content != null;
        }
    }

    /** A server fault the breaker counts (429, 5xx). */
    private static final class ServerFault extends IOException {
        private static final long serialVersionUID = 1L;

        ServerFault(String message) {
            super(message);
        }
    }

    private final String url;
    private final String model;
    private final String apiKey;
    private final long timeoutMs;
    private final int maxTokens;
    private final SearchHttp.Sender http;
    private final SingleHostGuard guard;
    private final CircuitBreaker breaker;
    private final AtomicBoolean responseFormat = new AtomicBoolean(true);

    /**
     * @param baseUrl the API's base URL, e.g. {@code http://localhost:11434/v1}; requests go to
     *     {@code {baseUrl}/chat/completions}
     * @param apiKey the key, or empty when the server needs none
     */
    public ChatClient(
            String baseUrl,
            String model,
            String apiKey,
            long timeoutMs,
            int maxTokens,
            SearchHttp.Sender http,
            SingleHostGuard guard,
            CircuitBreaker breaker) {
        String base = baseUrl.strip();
        this.url = (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + "/chat/completions";
        this.model = model;
        this.apiKey = apiKey == null ? "" : apiKey;
        this.timeoutMs = timeoutMs;
        this.maxTokens = maxTokens;
        this.http = http;
        this.guard = guard;
        this.breaker = breaker;
    }

    public String model() {
        return model;
    }

    public int maxTokens() {
        return maxTokens;
    }

    /** Sends {@code messages} and returns the model's text, or why there is none. */
    public Result complete(List<Map<String, String>> messages) {
        Verdict verdict = guard.check(url);
        if (verdict.refused()) return failed(0, verdict.reason());
        int calls = 0;
        try {
            boolean withFormat = responseFormat.get();
            calls++;
            SearchHttp.Answer answer = send(messages, withFormat);
            if (withFormat && answer.status() == 400 && mentionsFormat(answer.body())) {
                responseFormat.set(false); // this server does not take response_format: ask as it can answer
                calls++;
                answer = send(messages, false);
            }
            return read(
                    answer,
                    calls,
                    messages.stream().mapToInt(m -> m.get("content").length()).sum());
        } catch (CallNotPermittedException e) {
            return failed(
                    calls,
                    "the model's server kept failing, so Caravan stops calling it for a while (circuit "
                            + "breaker open)");
        } catch (ServerFault e) {
            return failed(calls, e.getMessage());
        } catch (InterruptedIOException e) {
            return failed(calls, "the model did not answer within " + timeoutMs + " ms (research.llm.timeout-ms)");
        } catch (UnknownHostException e) {
            return failed(calls, "the model's server could not be reached: " + LogText.safe(e.getMessage(), 200));
        } catch (IOException e) {
            return failed(
                    calls,
                    "the model's server could not be reached ("
                            + LogText.safe(ProviderErrors.redact(String.valueOf(e.getMessage()), apiKey), 200) + ")");
        }
    }

    private SearchHttp.Answer send(List<Map<String, String>> messages, boolean withFormat) throws IOException {
        String body = body(messages, withFormat);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Accept", "application/json");
        if (!apiKey.isBlank()) headers.put("Authorization", "Bearer " + apiKey);
        try {
            return breaker.executeCheckedSupplier(() -> {
                SearchHttp.Answer a = http.send("POST", url, headers, body, timeoutMs);
                if (a.status() == 429)
                    throw new ServerFault("the model's server is rate-limiting (HTTP 429)" + detail(a));
                if (a.status() >= 500) {
                    throw new ServerFault("the model's server failed (HTTP " + a.status() + ")" + detail(a));
                }
                return a;
            });
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new IOException(t.getMessage(), t);
        }
    }

    private String body(List<Map<String, String>> messages, boolean withFormat) {
        ObjectNode root = JSON.createObjectNode();
        root.put("model", model);
        ArrayNode list = root.putArray("messages");
        for (Map<String, String> m : messages)
            list.addObject().put("role", m.get("role")).put("content", m.get("content"));
        root.put("temperature", 0);
        root.put("max_tokens", maxTokens);
        root.put("stream", false);
        if (withFormat) root.putObject("response_format").put("type", "json_object");
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private Result read(SearchHttp.Answer answer, int calls, int promptChars) {
        int code = answer.status();
        if (code == 401 || code == 403) {
            return failed(
                    calls, "the model's server refused the key (HTTP " + code + "); set LLM_API_KEY" + detail(answer));
        }
        if (code == 404) {
            return failed(
                    calls,
                    "the model's server has no " + url + " or no model " + LogText.quoted(model) + " (HTTP 404)"
                            + detail(answer));
        }
        if (code < 200 || code >= 300) {
            return failed(calls, "the model's server refused the request (HTTP " + code + ")" + detail(answer));
        }
        JsonNode root;
        try {
            root = JSON.readTree(answer.body());
        } catch (JsonProcessingException e) {
            return failed(calls, "the model's server answered with something that is not JSON");
        }
        JsonNode message = root == null ? null : root.path("choices").path(0).path("message");
        JsonNode content = message == null ? null : message.get("content");
        if (content == null || !content.isTextual()) {
            return failed(calls, "the model's server answered without a message");
        }
        String text = content.asText();
        JsonNode usage = root.path("usage");
        long prompt = usage.path("prompt_tokens").asLong(-1);
        long completion = usage.path("completion_tokens").asLong(-1);
        if (prompt < 0) prompt = (promptChars + 3) / 4;
        if (completion < 0) completion = estimate(text);
        return new Result(text, prompt, completion, calls, "");
    }

    private String detail(SearchHttp.Answer a) {
        return ProviderErrors.detail(errorMessage(a.body()), apiKey);
    }

    /** The server's own words about an error: OpenAI's {@code error.message}, or the body as it is. */
    private static String errorMessage(String body) {
        if (body == null) return "";
        try {
            JsonNode root = JSON.readTree(body);
            JsonNode message = root == null ? null : root.path("error").path("message");
            if (message != null && message.isTextual()) return message.asText();
            JsonNode error = root == null ? null : root.path("error");
            if (error != null && error.isTextual()) return error.asText();
        } catch (JsonProcessingException e) {
            // not JSON: the body itself
        }
        return body;
    }

    private static boolean mentionsFormat(String body) {
        return body != null && (body.contains("response_format") || body.contains("json_object"));
    }

    /** A token count for text the server did not count: about four characters a token. */
    static long estimate(String text) {
        return (text.length() + 3) / 4;
    }

    private static Result failed(int calls, String why) {
        return new Result(null, 0, 0, calls, why);
    }
}
