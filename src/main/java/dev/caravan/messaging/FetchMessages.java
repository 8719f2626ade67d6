package dev.caravan.messaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caravan.model.CacheHeaders;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.Retrieval;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;
import org.jspecify.annotations.Nullable;

/**
 * The messages of shared fetching ({@code research.fetch.shared}): a fetch task (JSON in a text message, from the
 * instance that runs the query to the fetch queue) and its result (a bytes message back to that instance: the
 * response as the site sent it, deflated, after a JSON header), and a host's next turn (JSON in a text message on the
 * hosts topic, to every instance). The fetching instance only asks the host; the instance that runs the query converts
 * the page, as it converts the pages it fetches itself. Every field is written
 * and read by name; nothing is deserialised as a Java object. As with job messages, only text and bytes messages are
 * read, and a body over its limit is refused before it is read. Thread-safe.
 */
public final class FetchMessages {

    /** The message property naming the instance a result is for: its results subscription selects on it. */
    public static final String OWNER_PROPERTY = "CaravanOwner";

    /** The largest fetch task read: a URL and its validators are at most a few KiB. */
    public static final long MAX_TASK_BYTES = 64 * 1024;

    /** The largest result once inflated: a response body is capped well below this ({@code research.fetch.max-bytes}). */
    private static final int MAX_INFLATED = 64 * 1024 * 1024;

    /** The largest JSON header of a result: URLs, a reason and caching headers. */
    private static final int MAX_HEADER = 256 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();

    private FetchMessages() {}

    /**
     * One page to fetch for a query of another instance.
     *
     * @param id the task's correlation ID, unique to this task of this run (a random UUID)
     * @param owner the instance that runs the query and waits for the result
     * @param url the URL as found
     * @param hostKey its politeness key, also the message group ({@code JMSXGroupID})
     * @param deadline when the owner gives up on it, epoch milliseconds; a task read later is not fetched
     * @param label who it is for, for log lines only: {@code job/query/task}
     * @param validators the owner's validators of its stored copy ({@code ETag}, {@code Last-Modified}), sent back in
     *     a conditional request; {@link CacheHeaders#NONE} when it holds none
     */
    public record Task(
            String id, String owner, String url, String hostKey, long deadline, String label, CacheHeaders validators) {

        public Task {
            validators = validators == null
                    ? CacheHeaders.NONE
                    : new CacheHeaders(validators.etag(), validators.lastModified(), null, null, null, null);
        }
    }

    /**
     * What a fetching instance sends back.
     *
     * @param id the task's correlation ID
     * @param fetchedBy the instance that asked the host
     * @param response the response as it came (a {@code 304 Not Modified} to a conditional request included), or why
     *     there is none
     * @param took milliseconds from the task's receipt to the result (waiting for the host's turn included)
     */
    public record Result(String id, String fetchedBy, FetchResponse response, long took) {}

    /**
     * What a fetching instance says after each task, on the hosts topic: when the task's host may next be asked. An
     * instance that takes the host over later (its message group moves when a consumer goes away) waits until then
     * instead of asking at once.
     *
     * @param sender this process, so it can skip what it said itself (a random ID per start)
     * @param hostKey the host's politeness key
     * @param readyAt when it may next be asked, epoch milliseconds
     */
    public record HostReady(String sender, String hostKey, long readyAt) {}

    /** The largest hosts-topic message read: an ID, a host key and a number. */
    public static final int MAX_HOST_READY_CHARS = 1024;

    public static String hostReadyText(HostReady ready) {
        ObjectNode n = JSON.createObjectNode();
        n.put("sender", ready.sender());
        n.put("host_key", ready.hostKey());
        n.put("ready_at", ready.readyAt());
        return write(n);
    }

    /** A hosts-topic message (or its text); throws IllegalArgumentException saying why it is refused. */
    public static HostReady readHostReady(@Nullable Object body) {
        String text = text(body, "a host's next turn");
        if (text == null || text.length() > MAX_HOST_READY_CHARS) {
            throw new IllegalArgumentException(
                    "a host's next turn must hold at most " + MAX_HOST_READY_CHARS + " characters");
        }
        JsonNode n = read(text.getBytes(StandardCharsets.UTF_8));
        JsonNode readyAt = n.get("ready_at");
        if (readyAt == null || !readyAt.canConvertToLong()) {
            throw new IllegalArgumentException("the message has no number field ready_at");
        }
        return new HostReady(required(n, "sender"), required(n, "host_key"), readyAt.asLong());
    }

    public static String taskText(Task task) {
        ObjectNode n = JSON.createObjectNode();
        n.put("id", task.id());
        n.put("owner", task.owner());
        n.put("url", task.url());
        n.put("host_key", task.hostKey());
        n.put("deadline", task.deadline());
        n.put("label", task.label());
        if (task.validators().etag() != null) n.put("etag", task.validators().etag());
        if (task.validators().lastModified() != null)
            n.put("last_modified", task.validators().lastModified());
        return write(n);
    }

    /** A task from a received message (or its text); throws IllegalArgumentException saying why it is refused. */
    public static Task readTask(@Nullable Object body) {
        String text = text(body, "a fetch task");
        if (text == null || text.length() > MAX_TASK_BYTES) {
            throw new IllegalArgumentException("a fetch task must hold at most " + MAX_TASK_BYTES + " characters");
        }
        JsonNode n = read(text.getBytes(StandardCharsets.UTF_8));
        return new Task(
                required(n, "id"),
                required(n, "owner"),
                required(n, "url"),
                required(n, "host_key"),
                n.path("deadline").asLong(0),
                n.path("label").asText(""),
                new CacheHeaders(optional(n, "etag"), optional(n, "last_modified"), null, null, null, null));
    }

    /** The result: deflated, a JSON header (its length first, 4 bytes) and the response body as it came. */
    public static byte[] resultBytes(Result result) {
        FetchResponse response = result.response();
        Retrieval r = response.retrieval();
        ObjectNode n = JSON.createObjectNode();
        n.put("id", result.id());
        n.put("fetched_by", result.fetchedBy());
        n.put("took_ms", result.took());
        n.put("url", r.url());
        n.put("final_url", r.finalUrl());
        if (r.httpStatus() != null) n.put("http_status", r.httpStatus());
        if (r.fetchedAt() != null) n.put("fetched_at", r.fetchedAt().toString());
        n.put("outcome", response.outcome().name());
        n.put("reason", response.reason());
        n.put("content_type", response.contentType());
        CacheHeaders c = response.caching();
        n.putObject("caching")
                .put("etag", c.etag())
                .put("last-modified", c.lastModified())
                .put("cache-control", c.cacheControl())
                .put("expires", c.expires())
                .put("date", c.date())
                .put("age", c.age());
        n.put("body_bytes", response.bytes());
        byte[] header = write(n).getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DataOutputStream deflated = new DataOutputStream(new DeflaterOutputStream(out))) {
            deflated.writeInt(header.length);
            deflated.write(header);
            deflated.write(response.body());
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
        JsonNode n;
        byte[] content;
        try (DataInputStream in = new DataInputStream(new InflaterInputStream(new ByteArrayInputStream(body)))) {
            int headerLength = in.readInt();
            if (headerLength <= 0 || headerLength > MAX_HEADER) {
                throw new IllegalArgumentException("the result's header is not 1 to " + MAX_HEADER + " bytes");
            }
            n = read(in.readNBytes(headerLength));
            long length = n.path("body_bytes").asLong(-1);
            if (length < 0 || length > MAX_INFLATED) {
                throw new IllegalArgumentException("the result's body is not 0 to " + MAX_INFLATED + " bytes");
            }
            content = in.readNBytes((int) length);
            if (content.length != length) throw new IllegalArgumentException("the result's body is cut short");
        } catch (IOException e) {
            throw new IllegalArgumentException("the result is not a deflated fetch result: " + e.getMessage());
        }
        JsonNode c = n.path("caching");
        Retrieval retrieval = new Retrieval(
                required(n, "url"),
                required(n, "final_url"),
                n.hasNonNull("http_status") ? n.get("http_status").asInt() : null,
                n.hasNonNull("fetched_at") ? Instant.parse(n.get("fetched_at").asText()) : null);
        FetchResponse response = new FetchResponse(
                retrieval,
                FetchOutcome.valueOf(required(n, "outcome")),
                optional(n, "reason"),
                optional(n, "content_type"),
                content,
                CacheHeaders.of(name -> optional(c, name)));
        return new Result(
                required(n, "id"),
                required(n, "fetched_by"),
                response,
                n.path("took_ms").asLong(0));
    }

    private static void checkSize(long bytes, long maxBytes) {
        if (bytes > maxBytes) {
            throw new IllegalArgumentException("the result is " + bytes + " bytes; the limit is " + maxBytes
                    + " bytes (research.fetch.shared.max-result-bytes)");
        }
    }

    /** The text of a text message, or the string itself; what else comes is refused without reading its body. */
    private static @Nullable String text(@Nullable Object body, String what) {
        if (body instanceof TextMessage message) {
            try {
                return message.getText();
            } catch (JMSException e) {
                throw new IllegalArgumentException(what + ": the body could not be read: " + e.getMessage());
            }
        }
        if (body instanceof String s) return s;
        throw new IllegalArgumentException(what + " must be a text message, got " + kind(body));
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
