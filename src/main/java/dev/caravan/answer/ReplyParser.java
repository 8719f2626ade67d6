package dev.caravan.answer;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the sentences out of a model's reply, leniently, because local models often break the JSON they are asked
 * for: {@code <think>} blocks and code fences are stripped, prose before the JSON is skipped, trailing commas, single
 * quotes, comments and raw line breaks inside strings are accepted, and the list may be bare ({@code [...]}) or inside
 * an object ({@code {"sentences": [...]}}). A citation may be a number, {@code "2"}, {@code "F2"} or {@code "[2]"}. Only
 * the first JSON value is read. Stateless and thread-safe.
 */
final class ReplyParser {

    /** Most characters of a reply that are read. */
    static final int MAX_REPLY_CHARS = 200_000;

    private static final Pattern THINK = Pattern.compile("(?is)<think(?:ing)?>.*?</think(?:ing)?>");
    private static final Pattern OPEN_THINK = Pattern.compile("(?is)^\\s*<think(?:ing)?>");
    private static final Pattern FENCE = Pattern.compile("(?s)```[a-zA-Z]*\\s*\\n?(.*?)```");
    private static final Pattern NUMBER = Pattern.compile("\\d{1,4}");

    private static final ObjectMapper JSON = JsonMapper.builder(JsonFactory.builder()
                    .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
                    .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
                    .enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES)
                    .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
                    .enable(JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS)
                    .build())
            .build();

    private ReplyParser() {}

    /** The proposed sentences, or empty when the reply holds no JSON that can be read as them. */
    static Optional<List<AnswerChecker.Proposed>> parse(String reply) {
        if (reply == null) return Optional.empty();
        String text = reply.length() > MAX_REPLY_CHARS ? reply.substring(0, MAX_REPLY_CHARS) : reply;
        text = THINK.matcher(text).replaceAll(" ");
        text = OPEN_THINK.matcher(text).replaceAll(" "); // a block never closed: look for JSON after it all the same
        Matcher fence = FENCE.matcher(text);
        List<String> candidates = new ArrayList<>();
        while (fence.find()) candidates.add(fence.group(1));
        candidates.add(text.replace("```", " "));
        for (String candidate : candidates) {
            Optional<List<AnswerChecker.Proposed>> read = read(candidate);
            if (read.isPresent()) return read;
        }
        return Optional.empty();
    }

    private static Optional<List<AnswerChecker.Proposed>> read(String text) {
        for (int start = nextStart(text, 0); start >= 0; start = nextStart(text, start + 1)) {
            JsonNode node = firstValue(text.substring(start));
            if (node == null) continue;
            Optional<List<AnswerChecker.Proposed>> sentences = sentences(node);
            if (sentences.isPresent()) return sentences;
        }
        return Optional.empty();
    }

    private static int nextStart(String text, int from) {
        int brace = text.indexOf('{', from);
        int bracket = text.indexOf('[', from);
        if (brace < 0) return bracket;
        if (bracket < 0) return brace;
        return Math.min(brace, bracket);
    }

    private static JsonNode firstValue(String text) {
        try (JsonParser parser = JSON.getFactory().createParser(text)) {
            return JSON.readTree(parser);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Optional<List<AnswerChecker.Proposed>> sentences(JsonNode node) {
        JsonNode list = node;
        if (node.isObject()) {
            if (node.has("text") || node.has("sentence")) {
                return item(node).map(List::of);
            }
            list = null;
            for (String name : List.of("sentences", "answer", "answers", "statements", "items")) {
                if (node.path(name).isArray()) {
                    list = node.get(name);
                    break;
                }
            }
            if (list == null) {
                for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
                    JsonNode value = it.next();
                    if (value.isArray()) {
                        list = value;
                        break;
                    }
                }
            }
            if (list == null) return Optional.empty();
        }
        if (!list.isArray()) return Optional.empty();
        List<AnswerChecker.Proposed> proposed = new ArrayList<>();
        for (JsonNode element : list) {
            Optional<AnswerChecker.Proposed> one = item(element);
            if (one.isEmpty()) return Optional.empty();
            proposed.add(one.get());
        }
        return Optional.of(proposed);
    }

    private static Optional<AnswerChecker.Proposed> item(JsonNode element) {
        if (element.isTextual())
            return Optional.of(new AnswerChecker.Proposed(element.asText(), markers(element.asText())));
        if (!element.isObject()) return Optional.empty();
        JsonNode text = element.has("text") ? element.get("text") : element.get("sentence");
        if (text == null || !text.isTextual()) return Optional.empty();
        JsonNode cites = null;
        for (String name : List.of("citations", "citation", "sources", "source", "findings", "refs")) {
            if (element.has(name)) {
                cites = element.get(name);
                break;
            }
        }
        List<Integer> citations = new ArrayList<>();
        if (cites == null) citations.addAll(markers(text.asText()));
        else if (cites.isArray()) for (JsonNode c : cites) citations.addAll(numbers(c));
        else citations.addAll(numbers(cites));
        return Optional.of(new AnswerChecker.Proposed(text.asText(), citations));
    }

    private static List<Integer> numbers(JsonNode c) {
        if (c.isIntegralNumber() && c.canConvertToInt()) return List.of(c.intValue());
        if (!c.isTextual()) return List.of(0); // a citation that names nothing fails check (a)
        List<Integer> found = new ArrayList<>();
        Matcher m = NUMBER.matcher(c.asText());
        while (m.find()) found.add(Integer.parseInt(m.group()));
        return found.isEmpty() ? List.of(0) : found;
    }

    private static final Pattern MARKER = Pattern.compile("\\[(?:F)?(\\d{1,4})]");

    /** Citations written into the text as {@code [2]}, for a reply that gives plain strings. */
    private static List<Integer> markers(String text) {
        List<Integer> found = new ArrayList<>();
        Matcher m = MARKER.matcher(text);
        while (m.find()) found.add(Integer.parseInt(m.group(1)));
        return found;
    }
}
