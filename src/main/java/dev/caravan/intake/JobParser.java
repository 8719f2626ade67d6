package dev.caravan.intake;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.caravan.model.Job;
import dev.caravan.model.JobFormatException;
import dev.caravan.model.Query;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads a job from the text of a job file: {@code .txt} (one query per line, {@code #} comments) or {@code .json},
 * {@code .yaml}, {@code .yml} (optional job-level {@code defaults} and a list of {@code queries}). Anything it cannot
 * run exactly as written is refused with a {@link JobFormatException} saying why. Thread-safe.
 */
public class JobParser {

    private static final Set<String> JOB_KEYS = Set.of("defaults", "queries", "budget");
    private static final Set<String> BUDGET_KEYS = Set.of("search_calls", "credits", "pages");
    private static final Set<String> QUERY_KEYS = union(QueryOptions.OPTIONS, Set.of("query", "urls"));
    private static final Set<String> JOB_OR_QUERY_KEYS = union(JOB_KEYS, QUERY_KEYS);

    private final ObjectMapper json = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private final ObjectMapper yaml = YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /** Parses {@code content}; {@code fileName} picks the format and names the job. */
    public Job parse(String fileName, byte[] content) {
        String text = decode(content);
        String name = jobName(fileName);
        String lower = fileName.toLowerCase(Locale.ROOT);
        List<Query> queries;
        JsonNode root = null;
        Problems problems = new Problems();
        if (lower.endsWith(".txt")) queries = lines(text, problems);
        else if (lower.endsWith(".json")) queries = structured(root = tree(json, text, "JSON"), problems);
        else if (lower.endsWith(".yaml") || lower.endsWith(".yml"))
            queries = structured(root = tree(yaml, text, "YAML"), problems);
        else throw new JobFormatException("unsupported job file type; use .txt, .json, .yaml or .yml");
        Job.Limits limits = limits(root, problems);
        problems.throwIfAny();
        if (queries.isEmpty()) throw new JobFormatException("the job file holds no queries");
        return new Job(name, queries, null, limits);
    }

    /** The job's own {@code budget}: it may lower the configured search budgets. */
    private static Job.Limits limits(JsonNode root, Problems problems) {
        if (root == null || !root.isObject() || !root.has("queries") || !root.has("budget")) return Job.Limits.NONE;
        JsonNode budget = root.get("budget");
        if (!budget.isObject()) {
            problems.add("'budget' must be an object with search_calls, credits and/or pages");
            return Job.Limits.NONE;
        }
        Map<String, JsonNode> given = QueryOptions.readAll(budget, BUDGET_KEYS, "budget", problems);
        Integer calls = count(given.get("search_calls"), "search_calls", problems);
        Integer credits = count(given.get("credits"), "credits", problems);
        Integer pages = count(given.get("pages"), "pages", problems);
        return new Job.Limits(calls, credits, pages);
    }

    private static Integer count(JsonNode n, String name, Problems problems) {
        if (n == null) return null;
        if (!n.isIntegralNumber() || !n.canConvertToInt() || n.asInt() < 0) {
            problems.add(name + " in budget must be a whole number from 0 up, got " + n);
            return null;
        }
        return n.asInt();
    }

    private static String decode(byte[] content) {
        if (content.length == 0) throw new JobFormatException("the job file is empty");
        for (int i = 0; i < Math.min(content.length, 8192); i++) {
            if (content[i] == 0) throw new JobFormatException("the job file is binary, not text");
        }
        try {
            String text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(content))
                    .toString();
            text = text.startsWith("\uFEFF") ? text.substring(1) : text;
            if (text.isBlank()) throw new JobFormatException("the job file is empty");
            return text;
        } catch (CharacterCodingException e) {
            throw new JobFormatException("the job file is not UTF-8 text; save it as UTF-8 and drop it again");
        }
    }

    private static List<Query> lines(String text, Problems problems) {
        List<Query> queries = new ArrayList<>();
        String[] lines = text.split("\\R");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            String where = "line " + (i + 1);
            if (problems.check(() -> QueryOptions.checkText(line, where)) != null) queries.add(Query.of(line));
        }
        return queries;
    }

    private static JsonNode tree(ObjectMapper mapper, String text, String format) {
        try {
            JsonNode node = mapper.readTree(text);
            if (node == null || node.isMissingNode() || node.isNull())
                throw new JobFormatException("the job file is empty");
            return node;
        } catch (JsonProcessingException e) {
            String cause = YamlProblem.describe(e);
            if (cause != null) throw new JobFormatException("malformed " + format + " " + cause);
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            String message = e.getOriginalMessage()
                    .replaceAll("\\[Source: [^\\]]*?line: (\\d+), column: (\\d+)]", "line $1, column $2");
            throw new JobFormatException("malformed " + format + where + ": " + message);
        }
    }

    private static List<Query> structured(JsonNode root, Problems problems) {
        if (root.isArray()) return queries(root, Map.of(), problems);
        if (!root.isObject())
            throw new JobFormatException("the job must be an object with 'queries', or a list of queries");
        if (!root.has("queries") && !root.has("query") && !root.has("urls")) {
            // neither a job with queries nor one query: most likely a misspelt 'queries', so guess the job's keys first
            int before = problems.count();
            QueryOptions.readAll(root, JOB_OR_QUERY_KEYS, JOB_KEYS, "the job", problems);
            if (problems.count() == before) problems.add("the job needs 'queries', or a 'query', 'urls' or both");
            return List.of();
        }
        if (!root.has("queries")) {
            Query single = problems.check(() -> query(root, Map.of(), "the job", problems));
            return single == null ? List.of() : List.of(single);
        }
        problems.check(() -> QueryOptions.read(root, JOB_KEYS, "the job"));
        Map<String, JsonNode> defaults = defaults(root.get("defaults"), problems);
        JsonNode list = root.get("queries");
        if (!list.isArray()) {
            problems.add("'queries' must be a list");
            return List.of();
        }
        return queries(list, defaults, problems);
    }

    /**
     * The job-level defaults, checked where they are written: a bad default is reported once, as "in defaults", and
     * left out, so that the queries are not blamed for it.
     */
    private static Map<String, JsonNode> defaults(JsonNode d, Problems problems) {
        if (d == null || d.isNull()) return Map.of();
        if (!d.isObject()) {
            problems.add("'defaults' must be an object of query options");
            return Map.of();
        }
        Map<String, JsonNode> defaults = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> option : QueryOptions.readAll(d, QueryOptions.OPTIONS, "defaults", problems)
                .entrySet()) {
            Map<String, JsonNode> one = Map.of(option.getKey(), option.getValue());
            if (problems.check(() -> QueryOptions.toQuery(null, one, List.of(), "defaults")) != null) {
                defaults.put(option.getKey(), option.getValue());
            }
        }
        return defaults;
    }

    private static List<Query> queries(JsonNode list, Map<String, JsonNode> defaults, Problems problems) {
        List<Query> queries = new ArrayList<>();
        int i = 0;
        for (JsonNode item : list) {
            String where = "query " + ++i;
            Query q = problems.check(() -> query(item, defaults, where, problems));
            if (q != null) queries.add(q);
        }
        return queries;
    }

    /** One query; problems of its own options are all recorded, then null is returned if there was any. */
    private static @Nullable Query query(
            JsonNode item, Map<String, JsonNode> defaults, String where, Problems problems) {
        if (item.isTextual()) {
            return QueryOptions.toQuery(item.asText().strip(), defaults, List.of(), where);
        }
        if (!item.isObject()) throw new JobFormatException(where + " must be a string or an object, got " + item);
        int before = problems.count();
        Map<String, JsonNode> own = QueryOptions.readAll(item, QUERY_KEYS, where, problems);
        Map<String, JsonNode> options = new java.util.LinkedHashMap<>(defaults);
        options.putAll(own);
        if (own.containsKey("provider") && !own.containsKey("providers")) options.remove("providers");
        if (own.containsKey("providers") && !own.containsKey("provider")) options.remove("provider");
        JsonNode text = options.remove("query");
        JsonNode urlNode = options.remove("urls");
        List<String> urls = problems.check(() -> QueryOptions.strings(urlNode, "urls", where));
        if (text != null && !text.isTextual()) problems.add("'query' in " + where + " must be a string");
        else if (text == null && urls != null && urls.isEmpty())
            problems.add(where + " needs a 'query', 'urls' or both");
        for (Map.Entry<String, JsonNode> option : own.entrySet()) { // in the order they are written
            if (QueryOptions.OPTIONS.contains(option.getKey())) {
                Map<String, JsonNode> one = Map.of(option.getKey(), option.getValue());
                problems.check(() -> QueryOptions.toQuery(null, one, List.of(), where));
            }
        }
        if (text != null && text.isTextual())
            problems.check(() -> {
                QueryOptions.checkText(text.asText().strip(), where);
                return Boolean.TRUE;
            });
        if (problems.count() > before) return null;
        return QueryOptions.toQuery(text == null ? null : text.asText().strip(), options, urls, where);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new HashSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }

    /** A job name from a file name: see {@link JobFileNames#jobName}. */
    public static String jobName(String fileName) {
        return JobFileNames.jobName(fileName);
    }
}
