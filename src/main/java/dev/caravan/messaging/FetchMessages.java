package dev.caravan.messaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caravan.model.Delivery;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.PageMetadata;
import dev.caravan.model.PageType;
import dev.caravan.model.Retrieval;
import dev.caravan.model.TextBlock;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;
import org.jspecify.annotations.Nullable;

/**
 * The messages of shared fetching ({@code research.fetch.shared}): a fetch task (JSON in a text message, from the
 * instance that runs the query to the fetch queue) and its result (deflated JSON in a bytes message, back to that
 * instance). Every field is written and read by name; nothing is deserialised as a Java object, and a result never
 * carries a file path: the page travels whole, and the instance that receives it writes it where its own job wants
 * it. As with job messages, only text and bytes messages are read, and a body over its limit is refused before it is
 * read. Thread-safe.
 */
public final class FetchMessages {

    /** The message property naming the instance a result is for: its results subscription selects on it. */
    public static final String OWNER_PROPERTY = "CaravanOwner";

    /** The largest fetch task read: a URL is at most a few KiB. */
    public static final long MAX_TASK_BYTES = 64 * 1024;

    /** The largest result body once inflated: a page is capped well below this ({@code research.fetch.max-bytes}). */
    private static final int MAX_INFLATED = 64 * 1024 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();

    private FetchMessages() {}

    /**
     * One page to fetch for a query of another instance.
     *
     * @param id the task's correlation ID, unique to this task of this run (a random UUID)
     * @param owner the instance that runs the query and waits for the result
     * @param url the URL as found
     * @param normalizedUrl its cache key
     * @param hostKey its politeness key, also the message group ({@code JMSXGroupID})
     * @param deadline when the owner gives up on it, epoch milliseconds; a task read later is not fetched
     * @param label who it is for, for log lines only: {@code job/query/task}
     */
    public record Task(
            String id, String owner, String url, String normalizedUrl, String hostKey, long deadline, String label) {}

    /**
     * What a fetching instance sends back.
     *
     * @param id the task's correlation ID
     * @param fetchedBy the instance that had the page
     * @param page the page, whole (Markdown and text blocks inline), or why there is none
     * @param delivery how the fetching instance had it: fetched, fresh from its cache, revalidated, fetched again
     * @param bytes the size of the response body, 0 when none was received
     * @param took milliseconds from the task's receipt to the result (waiting for the host's turn included)
     */
    public record Result(String id, String fetchedBy, FetchedPage page, Delivery delivery, long bytes, long took) {}

    public static String taskText(Task task) {
        ObjectNode n = JSON.createObjectNode();
        n.put("id", task.id());
        n.put("owner", task.owner());
        n.put("url", task.url());
        n.put("normalized_url", task.normalizedUrl());
        n.put("host_key", task.hostKey());
        n.put("deadline", task.deadline());
        n.put("label", task.label());
        return write(n);
    }

    /** A task from a received message (or its text); throws IllegalArgumentException saying why it is refused. */
    public static Task readTask(@Nullable Object body) {
        String text;
        if (body instanceof TextMessage message) {
            try {
                text = message.getText();
            } catch (JMSException e) {
                throw new IllegalArgumentException("the task's body could not be read: " + e.getMessage());
            }
        } else if (body instanceof String s) {
            text = s;
        } else {
            throw new IllegalArgumentException("a fetch task must be a text message, got " + kind(body));
        }
        if (text == null || text.length() > MAX_TASK_BYTES) {
            throw new IllegalArgumentException("a fetch task must hold at most " + MAX_TASK_BYTES + " characters");
        }
        JsonNode n = read(text.getBytes(StandardCharsets.UTF_8));
        return new Task(
                required(n, "id"),
                required(n, "owner"),
                required(n, "url"),
                required(n, "normalized_url"),
                required(n, "host_key"),
                n.path("deadline").asLong(0),
                n.path("label").asText(""));
    }

    /** The result as deflated JSON. */
    public static byte[] resultBytes(Result result) {
        ObjectNode n = JSON.createObjectNode();
        n.put("id", result.id());
        n.put("fetched_by", result.fetchedBy());
        n.put("delivery", result.delivery().name());
        n.put("bytes", result.bytes());
        n.put("took_ms", result.took());
        n.set("page", page(result.page()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream deflated = new DeflaterOutputStream(out)) {
            JSON.writeValue(deflated, n);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write a fetch result", e);
        }
        return out.toByteArray();
    }

    /**
     * The body of a result message, read only when it is a bytes message of at most {@code maxBytes} (the length is
     * known before the body is read).
     */
    public static byte[] resultBody(@Nullable Object body, long maxBytes) {
        if (body instanceof byte[] bytes) {
            checkSize(bytes.length, maxBytes);
            return bytes;
        }
        if (!(body instanceof BytesMessage message)) {
            throw new IllegalArgumentException("a fetch result must be a bytes message, got " + kind(body));
        }
        try {
            long length = message.getBodyLength();
            checkSize(length, maxBytes);
            byte[] content = new byte[(int) length];
            message.readBytes(content);
            return content;
        } catch (JMSException e) {
            throw new IllegalArgumentException("the result's body could not be read: " + e.getMessage());
        }
    }

    /** A result from {@link #resultBytes}; throws IllegalArgumentException when it is not one. */
    public static Result readResult(byte[] body) {
        byte[] json;
        try (InputStream in = new InflaterInputStream(new ByteArrayInputStream(body))) {
            json = in.readNBytes(MAX_INFLATED + 1);
        } catch (IOException e) {
            throw new IllegalArgumentException("the result is not deflated JSON: " + e.getMessage());
        }
        if (json.length > MAX_INFLATED) {
            throw new IllegalArgumentException("the result inflates to more than " + MAX_INFLATED + " bytes");
        }
        JsonNode n = read(json);
        return new Result(
                required(n, "id"),
                required(n, "fetched_by"),
                page(n.path("page")),
                Delivery.valueOf(required(n, "delivery")),
                n.path("bytes").asLong(0),
                n.path("took_ms").asLong(0));
    }

    private static ObjectNode page(FetchedPage page) {
        if (page.evictedTo() != null) {
            throw new IllegalArgumentException("a page is sent whole, never as a file reference");
        }
        ObjectNode n = JSON.createObjectNode();
        Retrieval r = page.retrieval();
        n.put("url", r.url());
        n.put("final_url", r.finalUrl());
        if (r.httpStatus() != null) n.put("http_status", r.httpStatus());
        if (r.fetchedAt() != null) n.put("fetched_at", r.fetchedAt().toString());
        n.put("outcome", page.outcome().name());
        n.put("reason", page.reason());
        n.put("content_type", page.contentType());
        PageMetadata m = page.metadata();
        ObjectNode meta = n.putObject("metadata");
        meta.put("title", m.title());
        meta.put("canonical_url", m.canonicalUrl());
        meta.put("site_name", m.siteName());
        meta.put("author", m.author());
        meta.put("published", m.published());
        meta.put("language", m.language());
        meta.put("description", m.description());
        meta.put("page_type", m.pageType() == null ? null : m.pageType().name());
        n.put("markdown", page.markdown());
        n.put("chars", page.chars());
        n.put("excerpt", page.excerpt());
        ArrayNode blocks = n.putArray("blocks");
        for (TextBlock b : page.blocks())
            blocks.addObject().put("kind", b.kind().name()).put("text", b.text());
        return n;
    }

    private static FetchedPage page(JsonNode n) {
        if (!n.isObject()) throw new IllegalArgumentException("the result has no page");
        Retrieval retrieval = new Retrieval(
                required(n, "url"),
                required(n, "final_url"),
                n.hasNonNull("http_status") ? n.get("http_status").asInt() : null,
                n.hasNonNull("fetched_at") ? Instant.parse(n.get("fetched_at").asText()) : null);
        JsonNode m = n.path("metadata");
        String type = optional(m, "page_type");
        PageMetadata metadata = new PageMetadata(
                optional(m, "title"),
                optional(m, "canonical_url"),
                optional(m, "site_name"),
                optional(m, "author"),
                optional(m, "published"),
                optional(m, "language"),
                optional(m, "description"),
                type == null ? null : PageType.valueOf(type));
        List<TextBlock> blocks = new ArrayList<>();
        for (JsonNode b : n.path("blocks")) {
            blocks.add(new TextBlock(TextBlock.Kind.valueOf(required(b, "kind")), required(b, "text")));
        }
        return new FetchedPage(
                retrieval,
                FetchOutcome.valueOf(required(n, "outcome")),
                optional(n, "reason"),
                optional(n, "content_type"),
                metadata,
                optional(n, "markdown"),
                null,
                n.path("chars").asInt(0),
                optional(n, "excerpt"),
                blocks);
    }

    private static void checkSize(long bytes, long maxBytes) {
        if (bytes > maxBytes) {
            throw new IllegalArgumentException("the result is " + bytes + " bytes; the limit is " + maxBytes
                    + " bytes (research.fetch.shared.max-result-bytes)");
        }
    }

    private static String kind(@Nullable Object body) {
        if (body == null) return "nothing";
        if (body instanceof Message && !(body instanceof TextMessage) && !(body instanceof BytesMessage)) {
            return "another kind of message (" + body.getClass().getSimpleName() + "); its body was not read";
        }
        return body.getClass().getSimpleName();
    }

    private static String required(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual()) throw new IllegalArgumentException("the message has no text field " + field);
        return v.asText();
    }

    private static @Nullable String optional(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static JsonNode read(byte[] json) {
        try {
            JsonNode n = JSON.readTree(json);
            if (n == null || !n.isObject()) throw new IllegalArgumentException("the message is not a JSON object");
            return n;
        } catch (IOException e) {
            throw new IllegalArgumentException("the message is not JSON: " + e.getMessage());
        }
    }

    private static String write(JsonNode n) {
        try {
            return JSON.writeValueAsString(n);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
