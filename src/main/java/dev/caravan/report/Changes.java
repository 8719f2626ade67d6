package dev.caravan.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caravan.model.Finding;
import dev.caravan.model.Job;
import dev.caravan.model.PageResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * What changed in a query's report since the job's last report of the same query: sources new and gone, pages whose
 * content changed (by the hash of their Markdown, {@code content_hash} in the sidecar), and findings new and gone,
 * matched by their text. "The last report" is found on disk: the newest sidecar of the same query in an earlier run
 * folder of the same job ({@link RunFolders}), or, for reports written before run folders, the one in the job's
 * folder itself.
 *
 * @param since when the last report ran
 * @param previous its Markdown file
 * @param newSources fetched now, not in the last report's sources
 * @param goneSources in the last report's sources, not fetched now
 * @param changedPages fetched both times, with different content
 * @param newFindings findings now that the last report did not have
 * @param goneFindings findings of the last report that are gone
 */
record Changes(
        Instant since,
        Path previous,
        List<Source> newSources,
        List<Source> goneSources,
        List<Source> changedPages,
        List<String> newFindings,
        List<String> goneFindings) {

    /**
     * A source in the comparison.
     *
     * @param n its number in this report, or null when it is not among its sources
     * @param url the URL as listed
     * @param title its title, may be null
     * @param note why a gone source is gone ({@code not returned this time}, or the reason it was not retrieved)
     */
    record Source(
            @Nullable Integer n,
            String url,
            @Nullable String title,
            @Nullable String note) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The most earlier run folders looked at for the last report, newest first. */
    private static final int MAX_RUNS_LOOKED_AT = 1000;

    /** How many changes in all. */
    int count() {
        return newSources.size() + goneSources.size() + changedPages.size() + newFindings.size() + goneFindings.size();
    }

    /** The last report's sidecar for query {@code slug} of {@code job} before this run, if there is one. */
    static Optional<Path> lastSidecar(Path outputDir, Job job, String slug, String queryLabel) {
        Path jobDir = outputDir.resolve(job.name());
        List<Path> candidates = new ArrayList<>();
        if (Files.isDirectory(jobDir)) {
            try (Stream<Path> runs = Files.list(jobDir)) {
                runs.filter(Files::isDirectory)
                        .map(p -> p.getFileName().toString())
                        .filter(name -> !name.startsWith(".") && !name.equals("pages"))
                        .filter(name -> job.run() == null || name.compareTo(job.run()) < 0)
                        .sorted(Comparator.reverseOrder())
                        .limit(MAX_RUNS_LOOKED_AT)
                        .forEach(name -> candidates.add(jobDir.resolve(name).resolve(slug + ".json")));
            } catch (IOException e) {
                return Optional.empty();
            }
        }
        // a report from before run folders, the oldest (without a run, that is where this report itself goes)
        if (job.run() != null) candidates.add(jobDir.resolve(slug + ".json"));
        for (Path sidecar : candidates) {
            if (Files.isRegularFile(sidecar)
                    && queryLabel.equals(read(sidecar).path("query").asText(null))) {
                return Optional.of(sidecar);
            }
        }
        return Optional.empty();
    }

    private static JsonNode read(Path sidecar) {
        try {
            return JSON.readTree(sidecar.toFile());
        } catch (IOException | RuntimeException e) {
            return JSON.createObjectNode();
        }
    }

    /**
     * The changes between the last report (its {@code sidecar}) and this one: its {@code pages} in order, their
     * citation {@code numbers} by task order, the content hash of each fetched page by task order, and its findings.
     */
    static Optional<Changes> compare(
            Path sidecar,
            List<PageResult> pages,
            Map<Integer, Integer> numbers,
            Map<Integer, String> hashes,
            List<Finding> findings) {
        JsonNode last = read(sidecar);
        if (!last.path("sources").isArray()) return Optional.empty();
        Instant since;
        try {
            since = Instant.parse(last.path("ran_at").asText(""));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
        Map<String, JsonNode> before = new LinkedHashMap<>();
        for (JsonNode s : last.path("sources")) {
            if ("fetched".equals(s.path("status").asText()) && s.hasNonNull("url"))
                before.putIfAbsent(s.path("url").asText(), s);
        }
        Map<String, PageResult> now = new LinkedHashMap<>();
        for (PageResult p : pages) now.putIfAbsent(p.task().url(), p);
        List<Source> added = new ArrayList<>();
        List<Source> changed = new ArrayList<>();
        for (PageResult p : pages) {
            Integer n = numbers.get(p.task().order());
            if (n == null) continue;
            Source source = new Source(n, p.task().url(), SourceTitle.of(p).orElse(null), null);
            JsonNode old = before.get(p.task().url());
            if (old == null) added.add(source);
            else if (old.hasNonNull("content_hash")
                    && !old.path("content_hash")
                            .asText()
                            .equals(hashes.get(p.task().order()))) changed.add(source);
        }
        List<Source> gone = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : before.entrySet()) {
            PageResult p = now.get(e.getKey());
            if (p != null && numbers.containsKey(p.task().order())) continue;
            String note = p == null
                    ? "not returned this time"
                    : "not retrieved this time: " + p.page().reason();
            gone.add(new Source(null, e.getKey(), e.getValue().path("title").asText(null), note));
        }
        Set<String> oldTexts = new LinkedHashSet<>();
        for (JsonNode f : last.path("findings"))
            if (f.hasNonNull("text")) oldTexts.add(f.path("text").asText());
        Set<String> newTexts = new LinkedHashSet<>();
        for (Finding f : findings) newTexts.add(f.text());
        List<String> newFindings =
                newTexts.stream().filter(t -> !oldTexts.contains(t)).toList();
        List<String> goneFindings =
                oldTexts.stream().filter(t -> !newTexts.contains(t)).toList();
        Path previous = sidecar.resolveSibling(sidecar.getFileName().toString().replaceFirst("\\.json$", "") + ".md");
        return Optional.of(new Changes(since, previous, added, gone, changed, newFindings, goneFindings));
    }

    /** The sidecar's {@code changes} object. */
    void putJson(ObjectNode into) {
        ObjectNode c = into.putObject("changes");
        c.put("since", since.toString());
        c.put("previous_report", previous.toString());
        c.put("count", count());
        sources(c.putArray("new_sources"), newSources);
        sources(c.putArray("gone_sources"), goneSources);
        sources(c.putArray("changed_pages"), changedPages);
        ArrayNode added = c.putArray("new_findings");
        newFindings.forEach(added::add);
        ArrayNode gone = c.putArray("gone_findings");
        goneFindings.forEach(gone::add);
    }

    private static void sources(ArrayNode into, List<Source> sources) {
        for (Source s : sources) {
            ObjectNode n = into.addObject();
            if (s.n() != null) n.put("n", s.n());
            n.put("url", s.url());
            n.put("title", s.title());
            if (s.note() != null) n.put("note", s.note());
        }
    }
}
