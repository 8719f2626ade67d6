package dev.caravan.intake;

import com.fasterxml.jackson.databind.JsonNode;
import dev.caravan.model.JobFormatException;
import dev.caravan.model.Query;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** Reads and checks a query's options, named as Tavily names them. Stateless. */
final class QueryOptions {

    static final int MAX_QUERY_CHARS = 400;
    static final Set<String> OPTIONS = Set.of(
            "max_results",
            "topic",
            "search_depth",
            "include_answer",
            "include_domains",
            "exclude_domains",
            "time_range",
            "provider",
            "providers",
            "answer");
    private static final List<String> TOPICS = List.of("general", "news", "finance");
    private static final List<String> DEPTHS = List.of("basic", "advanced");
    private static final List<String> TIME_RANGES = List.of("day", "week", "month", "year", "d", "w", "m", "y");

    private QueryOptions() {}

    /** Options of one JSON or YAML object, checked; {@code where} names it in error messages. */
    static Map<String, JsonNode> read(JsonNode node, Set<String> allowed, String where) {
        Map<String, JsonNode> options = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!allowed.contains(e.getKey())) {
                throw new JobFormatException(unknown(e.getKey(), allowed, allowed, where));
            }
            if (!e.getValue().isNull()) options.put(e.getKey(), e.getValue());
        }
        return options;
    }

    /** Like {@link #read}, but records every unknown option in {@code problems} and keeps the known ones. */
    static Map<String, JsonNode> readAll(JsonNode node, Set<String> allowed, String where, Problems problems) {
        return readAll(node, allowed, allowed, where, problems);
    }

    /** Like {@link #readAll}; a misspelt name is matched with the {@code likely} names first, then the others. */
    static Map<String, JsonNode> readAll(
            JsonNode node, Set<String> allowed, Set<String> likely, String where, Problems problems) {
        Map<String, JsonNode> options = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!allowed.contains(e.getKey())) {
                problems.add(unknown(e.getKey(), allowed, likely, where));
            } else if (!e.getValue().isNull()) {
                options.put(e.getKey(), e.getValue());
            }
        }
        return options;
    }

    /** "unknown option 'querys' in the job; did you mean 'queries'? allowed: ..." (no guess when none is close). */
    private static String unknown(String name, Set<String> allowed, Set<String> likely, String where) {
        String guess = closest(name, likely)
                .or(() -> closest(name, allowed))
                .map(n -> " did you mean '" + n + "'?")
                .orElse("");
        return "unknown option '" + name + "' in " + where + ";" + guess + " allowed: "
                + String.join(", ", allowed.stream().sorted().toList());
    }

    /**
     * The name closest to {@code name} in edit distance (insertions, deletions, substitutions), when it is close
     * enough to be a slip: at most 1 edit for names of up to 5 letters, 2 for longer ones. Ties go to the first name
     * in alphabetical order.
     */
    static Optional<String> closest(String name, Set<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates.stream().sorted().toList()) {
            int allowed = candidate.length() <= 5 ? 1 : 2;
            int d = new LevenshteinDistance(allowed).apply(name.toLowerCase(Locale.ROOT), candidate);
            if (d >= 0 && d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return Optional.ofNullable(best);
    }

    static Query toQuery(String text, Map<String, JsonNode> o, List<String> urls, String where) {
        if (text != null) checkText(text, where);
        return new Query(
                text,
                maxResults(o.get("max_results"), where),
                choice(o.get("topic"), "topic", TOPICS, where),
                choice(o.get("search_depth"), "search_depth", DEPTHS, where),
                bool(o.get("include_answer"), "include_answer", where),
                strings(o.get("include_domains"), "include_domains", where),
                strings(o.get("exclude_domains"), "exclude_domains", where),
                choice(o.get("time_range"), "time_range", TIME_RANGES, where),
                urls,
                providers(o, where),
                bool(o.get("answer"), "answer", where));
    }

    private static List<String> providers(Map<String, JsonNode> o, String where) {
        JsonNode one = o.get("provider");
        JsonNode many = o.get("providers");
        if (one != null && many != null) {
            throw new JobFormatException("give provider or providers in " + where + ", not both");
        }
        List<String> names = one != null
                ? List.of(choice(one, "provider", Query.PROVIDER_NAMES, where))
                : strings(many, "providers", where);
        for (String name : names) {
            if (!Query.PROVIDER_NAMES.contains(name)) {
                throw new JobFormatException("providers in " + where + " must be among "
                        + String.join(", ", Query.PROVIDER_NAMES) + ", got \"" + name + "\"");
            }
        }
        if (names.stream().distinct().count() != names.size()) {
            throw new JobFormatException(
                    "providers in " + where + " names a provider twice: " + String.join(", ", names));
        }
        return names;
    }

    static Boolean checkText(String text, String where) {
        if (text.isBlank()) throw new JobFormatException(where + " has an empty query");
        if (text.length() > MAX_QUERY_CHARS) {
            throw new JobFormatException(
                    where + " is " + text.length() + " characters long; the search accepts at most " + MAX_QUERY_CHARS);
        }
        return Boolean.TRUE;
    }

    private static Integer maxResults(JsonNode n, String where) {
        if (n == null) return null;
        if (!n.canConvertToInt() || !n.isIntegralNumber() || n.asInt() < 0 || n.asInt() > 20) {
            throw new JobFormatException("max_results in " + where + " must be a whole number from 0 to 20, got " + n);
        }
        return n.asInt();
    }

    private static String choice(JsonNode n, String name, List<String> allowed, String where) {
        if (n == null) return null;
        if (!n.isTextual() || !allowed.contains(n.asText())) {
            throw new JobFormatException(
                    name + " in " + where + " must be one of " + String.join(", ", allowed) + ", got " + n);
        }
        return n.asText();
    }

    private static Boolean bool(JsonNode n, String name, String where) {
        if (n == null) return null;
        if (!n.isBoolean()) throw new JobFormatException(name + " in " + where + " must be true or false, got " + n);
        return n.asBoolean();
    }

    static List<String> strings(JsonNode n, String name, String where) {
        if (n == null) return List.of();
        List<String> values = new ArrayList<>();
        if (n.isTextual()) return List.of(n.asText().strip());
        if (!n.isArray()) throw new JobFormatException(name + " in " + where + " must be a list of strings, got " + n);
        for (JsonNode item : n) {
            if (!item.isTextual() || item.asText().isBlank()) {
                throw new JobFormatException(name + " in " + where + " must hold non-empty strings, got " + item);
            }
            values.add(item.asText().strip());
        }
        return values;
    }
}
