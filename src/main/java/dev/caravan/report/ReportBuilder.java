package dev.caravan.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caravan.model.Answer;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Finding;
import dev.caravan.model.Job;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.Report;
import dev.caravan.model.SearchResults;
import dev.caravan.pages.FindingSelector;
import dev.caravan.pages.PageStore;
import dev.caravan.rank.Ranking;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Builds one query's report and its JSON sidecar. Citation numbers are given only to pages that were fetched, in
 * result order, so every {@code [n]} points at a real page. Thread-safe.
 */
public class ReportBuilder {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final ReportSettings settings;
    private final FindingSelector findings;
    private final Clock clock;

    public ReportBuilder(ReportSettings settings, FindingSelector findings, Clock clock) {
        this.settings = settings;
        this.findings = findings;
        this.clock = clock;
    }

    /**
     * What a report will say before it is written: its pages in result order, their citation numbers, and the findings
     * chosen from them. The answer step reads the findings from here.
     *
     * @param numbers a page's task order to its citation number, for the fetched pages
     */
    public record Draft(
            Job job,
            int index,
            SearchResults search,
            List<PageResult> pages,
            Map<Integer, Integer> numbers,
            FindingSelector.Selection selection) {

        public Draft {
            pages = List.copyOf(pages);
            numbers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(numbers));
        }

        public Query query() {
            return job.queries().get(index);
        }

        /** The key findings, in the report's order. */
        public List<Finding> findings() {
            return selection.findings();
        }
    }

    /** The report for query number {@code index} (from 0) of {@code job}, without a model's answer. */
    public Report build(Job job, int index, SearchResults search, List<PageResult> results) {
        return build(draft(job, index, search, results), null);
    }

    /** Numbers the fetched pages and chooses the findings of query number {@code index} (from 0) of {@code job}. */
    public Draft draft(Job job, int index, SearchResults search, List<PageResult> results) {
        Query query = job.queries().get(index);
        List<PageResult> pages = new ArrayList<>(results);
        pages.sort(Comparator.comparingInt(p -> p.task().order()));
        Map<Integer, Integer> numbers = new LinkedHashMap<>();
        for (PageResult p : pages) if (p.page().fetched()) numbers.put(p.task().order(), numbers.size() + 1);
        return new Draft(job, index, search, pages, numbers, findings.select(query, pages, numbers));
    }

    /** The report of {@code draft}, with the model's checked answer when there is one ({@code answer} not null). */
    public Report build(Draft draft, @Nullable Answer answer) {
        Job job = draft.job();
        Query query = draft.query();
        SearchResults search = draft.search();
        List<PageResult> pages = draft.pages();
        Map<Integer, Integer> numbers = draft.numbers();
        FindingSelector.Selection selection = draft.selection();
        String slug = ReportNames.slugs(job.queries()).get(draft.index());
        Path dir = settings.jobDir(job.folder());
        Path markdownFile = dir.resolve(slug + ".md");
        List<Finding> chosen = selection.findings();
        Instant ranAt = clock.instant();
        Map<Integer, String> hashes = new LinkedHashMap<>();
        for (PageResult p : pages)
            if (numbers.containsKey(p.task().order()))
                hashes.put(p.task().order(), contentHash(PageStore.markdownOf(p.page())));
        Changes changes = Changes.lastSidecar(settings.outputDir(), job, slug, query.label())
                .flatMap(last -> Changes.compare(last, pages, numbers, hashes, chosen))
                .orElse(null);
        String markdown = new ReportMarkdown(job, query, search, pages, numbers, selection, answer, ranAt, dir)
                .withChanges(changes)
                .render();
        String sidecar =
                sidecar(job, query, markdownFile, search, pages, numbers, selection, answer, ranAt, hashes, changes);
        int fetched = numbers.size();
        return new Report(
                markdownFile,
                dir.resolve(slug + ".json"),
                markdown,
                sidecar,
                fetched,
                pages.size() - fetched,
                chosen.size(),
                changes == null ? -1 : changes.count());
    }

    /** The hash that tells whether a page's content changed between two reports: SHA-256 of its Markdown. */
    static String contentHash(String markdown) {
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(markdown.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(digest, 0, 16);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** The sidecar's {@code answer}: the kept sentences with the checks they passed, the dropped ones with why. */
    private static void answer(ObjectNode n, Answer answer) {
        n.put("model", answer.model());
        n.put("status", answer.answered() ? "answered" : "none");
        if (!answer.answered()) n.put("note", answer.note());
        ArrayNode checks = n.putArray("checks");
        answer.checks().forEach(checks::add);
        ArrayNode notRun = n.putArray("not_run");
        answer.notRun().forEach(notRun::add);
        if (!answer.similarityRule().isEmpty()) n.put("similarity_rule", answer.similarityRule());
        ArrayNode sentences = n.putArray("sentences");
        for (Answer.Sentence s : answer.sentences()) {
            ObjectNode o = sentences.addObject();
            o.put("text", s.text());
            s.citations().forEach(o.putArray("citations")::add);
            s.findings().forEach(o.putArray("findings")::add);
            s.passed().forEach(o.putArray("checks")::add);
            if (s.similarity() >= 0) o.put("similarity", round(s.similarity()));
        }
        ArrayNode dropped = n.putArray("dropped");
        for (Answer.Dropped d : answer.dropped()) {
            ObjectNode o = dropped.addObject();
            o.put("text", d.text());
            d.findings().forEach(o.putArray("findings")::add);
            o.put("check", d.check());
            o.put("reason", d.reason());
        }
        n.put("calls", answer.usage().calls());
        n.put("prompt_tokens", answer.usage().promptTokens());
        n.put("completion_tokens", answer.usage().completionTokens());
    }

    private static double round(double score) {
        return Math.round(score * 1000) / 1000.0;
    }

    private static String sidecar(
            Job job,
            Query query,
            Path markdownFile,
            SearchResults search,
            List<PageResult> pages,
            Map<Integer, Integer> numbers,
            FindingSelector.Selection selection,
            @Nullable Answer answer,
            Instant ranAt,
            Map<Integer, String> hashes,
            Changes changes) {
        ObjectNode root = JSON.createObjectNode();
        root.put("query", query.label());
        root.put("report", markdownFile.toString());
        root.put("job", job.name());
        root.put("run", job.run());
        root.put("ran_at", ranAt.toString());
        root.put("empty", numbers.isEmpty());
        ObjectNode s = root.putObject("search");
        s.put("provider", search.provider());
        s.put("cached", search.cached());
        s.put("results", search.hits().size());
        s.put("answer", search.answer());
        ArrayNode notes = s.putArray("notes");
        search.notes().forEach(notes::add);
        ArrayNode sources = root.putArray("sources");
        for (PageResult p : pages) {
            FetchedPage page = p.page();
            ObjectNode n = sources.addObject();
            Integer number = numbers.get(p.task().order());
            if (number == null) n.putNull("n");
            else n.put("n", number);
            n.put("url", p.task().url());
            n.put("final_url", page.finalUrl());
            n.put("title", SourceTitle.of(p).orElse(null));
            n.put("status", page.outcome().status().json());
            n.put("reason", page.reason());
            if (page.retrieval().httpStatus() == null) n.putNull("http_status");
            else n.put("http_status", page.retrieval().httpStatus());
            n.put("chars", page.chars());
            n.put(
                    "evicted_to",
                    page.evictedTo() == null ? null : page.evictedTo().toString());
            n.put(
                    "fetched_at",
                    page.retrieval().fetchedAt() == null
                            ? null
                            : page.retrieval().fetchedAt().toString());
            n.put("outcome", page.outcome().name().toLowerCase(java.util.Locale.ROOT));
            n.put("from", p.task().origin());
            if (p.task().hit() != null && !p.task().hit().foundBy().isEmpty()) {
                ArrayNode foundBy = n.putArray("found_by");
                for (var rank : p.task().hit().foundBy()) {
                    foundBy.addObject().put("provider", rank.provider()).put("rank", rank.rank());
                }
            }
            n.put("cached", p.fromCache());
            n.put("delivery", p.delivery().json());
            // only when fetching is shared between instances (research.fetch.shared): which one had the page
            if (p.fetchedBy() != null) n.put("fetched_by", p.fetchedBy());
            n.put("content_hash", hashes.get(p.task().order()));
            n.put("canonical_url", page.metadata().canonicalUrl());
            n.put("site_name", page.metadata().siteName());
            n.put("author", page.metadata().author());
            n.put("published", page.metadata().published());
            n.put("language", page.metadata().language());
            n.put("description", page.metadata().description());
            n.put(
                    "page_type",
                    page.metadata().pageType() == null
                            ? null
                            : page.metadata().pageType().label());
            Ranking.PageRelevance relevance =
                    number == null ? null : selection.sources().get(number);
            if (relevance != null && query.searches()) {
                n.put("relevance", round(relevance.relevance()));
                n.put("relevant", relevance.relevant());
            }
            n.put("excerpt", ReportMarkdown.excerpt(page, relevance));
        }
        if (changes == null) root.putNull("changes");
        else changes.putJson(root);
        ArrayNode f = root.putArray("findings");
        for (Finding finding : selection.findings()) {
            ObjectNode n = f.addObject();
            n.put("text", finding.text());
            if (!finding.context().isEmpty()) n.put("context", finding.context());
            if (query.searches()) n.put("relevance", round(finding.relevance()));
            ArrayNode c = n.putArray("citations");
            finding.citations().forEach(c::add);
        }
        if (answer != null) answer(root.putObject("answer"), answer);
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
