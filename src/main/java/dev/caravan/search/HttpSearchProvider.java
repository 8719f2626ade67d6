package dev.caravan.search;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.model.Query;
import dev.caravan.model.SearchResults;
import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The skeleton every provider shares: its endpoint and key, why it cannot be used, sending a call over the
 * {@link SearchHttp.Sender} it is handed, reading the answer (results for 2xx, a terminal failure as a value, a
 * retryable one thrown so the route retries it), the key kept out of every message, and the notes for the options it
 * cannot honour. A provider gives its wire format: {@link #request}, {@link #headers}, {@link #results} and
 * {@link #failure}. Thread-safe.
 */
public abstract class HttpSearchProvider implements SearchProvider {

    /** Where a provider is and how long a call may take. */
    public record Endpoint(String baseUrl, String apiKey, long timeoutMs) {

        public Endpoint {
            baseUrl = baseUrl == null ? "" : baseUrl.strip();
            apiKey = apiKey == null ? "" : apiKey.strip();
        }
    }

    static final ObjectMapper JSON = new ObjectMapper();

    private final String name;
    private final String displayName;
    private final @Nullable String keyVariable;
    protected final String baseUrl;
    protected final String apiKey;
    private final long timeoutMs;
    private final SearchHttp.@Nullable Sender http;
    private final Clock clock;

    /**
     * @param keyVariable the environment variable its key is read from, or null for a provider without a key
     * @param http the sender, or null for a provider that only builds requests and reads answers
     * @param clock the time an HTTP-date Retry-After is measured from
     */
    protected HttpSearchProvider(
            String name,
            String displayName,
            @Nullable String keyVariable,
            Endpoint endpoint,
            SearchHttp.@Nullable Sender http,
            Clock clock) {
        this.name = name;
        this.displayName = displayName;
        this.keyVariable = keyVariable;
        this.baseUrl = endpoint.baseUrl();
        this.apiKey = endpoint.apiKey();
        this.timeoutMs = endpoint.timeoutMs();
        this.http = http;
        this.clock = clock;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String displayName() {
        return displayName;
    }

    /** A keyed provider needs its key; override for another requirement (an address). */
    @Override
    public String unusableReason() {
        return keyVariable != null && apiKey.isEmpty()
                ? "needs an API key in the " + keyVariable + " environment variable, which is not set"
                : "";
    }

    /** What a call that cannot be sent says (the provider is not usable): what to set, then drop the job again. */
    protected String notSendable() {
        return keyVariable + " is not set: export it in the environment and drop the job again";
    }

    /** The request headers of a call, the key among them. */
    protected abstract Map<String, String> headers();

    /** The results in a 2xx answer's body; throws {@link SearchException} when it cannot be read. */
    protected abstract SearchResults results(SearchCall call, String body);

    /** What an error status means: a terminal failure, or a {@link RetryableSearchException}. */
    protected abstract SearchException failure(int code, @Nullable String retryAfter, String body);

    /** One HTTP exchange, for {@link #paced}. */
    @FunctionalInterface
    protected interface Exchange {
        SearchHttp.Answer run() throws IOException;
    }

    /** Runs the exchange, spaced from the provider's other calls if it must be (a rate limit of its plan). */
    protected SearchHttp.Answer paced(Exchange exchange) throws IOException {
        return exchange.run();
    }

    @Override
    public final SearchReply send(SearchCall call) throws IOException {
        if (!unusableReason().isEmpty()) return new SearchReply(null, new ProviderUnavailableException(notSendable()));
        if (http == null) throw new IllegalStateException(displayName + " was built without a sender");
        SearchHttp.Sender sender = http;
        return reply(call, paced(() -> sender.send(call.method(), call.url(), headers(), call.body(), timeoutMs)));
    }

    /**
     * Reads the answer to {@code call}: results for 2xx, a terminal failure as a value; throws
     * {@link RetryableSearchException} for rate limits and server errors, so the route retries them.
     */
    public final SearchReply reply(SearchCall call, SearchHttp.Answer answer) {
        int code = answer.status();
        String body = answer.body() == null ? "" : answer.body();
        if (code >= 200 && code < 300) {
            try {
                return new SearchReply(results(call, body), null);
            } catch (SearchException e) {
                return new SearchReply(null, e);
            }
        }
        SearchException failure = failure(code, answer.retryAfter(), body);
        if (failure instanceof RetryableSearchException retryable) throw retryable;
        return new SearchReply(null, failure);
    }

    /** The answer's JSON object; a body that is not one is a terminal failure naming the provider. */
    protected final JsonNode json(String body) {
        try {
            JsonNode root = JSON.readTree(body);
            if (root == null || !root.isObject())
                throw new SearchException(displayName + " answered with something that is not JSON");
            return root;
        } catch (JsonProcessingException e) {
            throw new SearchException(displayName + " answered with malformed JSON" + detail(e.getOriginalMessage()));
        }
    }

    /** The node at {@code path} of an error body, or a missing node when the body is not JSON. */
    protected static JsonNode errorNode(String body, String... path) {
        try {
            JsonNode node = JSON.readTree(body);
            if (node == null) return JSON.missingNode();
            for (String p : path) node = node.path(p);
            return node;
        } catch (JsonProcessingException e) {
            return JSON.missingNode();
        }
    }

    /** ": text" of the provider's own words, the key removed, cut and made safe to log; empty when none. */
    protected final String detail(String text) {
        return ProviderErrors.detail(text, apiKey);
    }

    /** Retry-After in seconds or as an HTTP date, capped at two minutes; -1 when absent or unreadable. */
    protected final long retryAfterMs(@Nullable String header) {
        return ProviderErrors.retryAfterMs(header, clock);
    }

    /** The provider refused the key: the user must fix it. */
    protected final ProviderUnavailableException rejectedKey(int code) {
        return new ProviderUnavailableException(displayName + " rejected the API key (HTTP " + code + "): "
                + keyVariable + " is missing or invalid. Fix it and drop the job again.");
    }

    /** A note that the query's {@code option} = {@code value} was not honoured, and why. */
    protected final void notHonoured(List<String> notes, String option, Object value, String why) {
        notes.add(QueryOperators.notHonoured(displayName, option, value, why));
    }

    /** The notes of a provider with one search depth and no finance topic ({@code what}: "search", "category"). */
    protected final void oneDepthNoFinance(Query query, List<String> notes, String what) {
        if ("finance".equals(query.topic()))
            notHonoured(notes, "topic", "finance", "it has no finance " + what + "; the web was searched");
        if (query.searchDepth() != null && !"basic".equals(query.searchDepth()))
            notHonoured(notes, "search_depth", query.searchDepth(), "it has one depth only");
    }
}
