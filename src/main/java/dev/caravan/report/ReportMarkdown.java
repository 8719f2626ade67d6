package dev.caravan.report;

import dev.caravan.model.Answer;
import dev.caravan.model.Delivery;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Finding;
import dev.caravan.model.Job;
import dev.caravan.model.PageMetadata;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.SearchResults;
import dev.caravan.pages.FindingSelector;
import dev.caravan.pages.PageMarkdown;
import dev.caravan.rank.Ranking;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Renders one report as Markdown. Everything in it that comes from outside (the query, the job's name, page metadata,
 * passages, URLs, the provider's answer, failure reasons) is written through {@link MarkdownText}, and page content
 * through {@link PageMarkdown}, so it renders as text and cannot add a tag, a link or a section of its own. One
 * instance per report; not shared between threads.
 */
final class ReportMarkdown {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern(
                    "yyyy-MM-dd HH:mm:ss 'UTC'", java.util.Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private final Job job;
    private final Query query;
    private final SearchResults search;
    private final List<PageResult> pages;
    private final Map<Integer, Integer> numbers;
    private final List<Finding> findings;
    private final Map<Integer, Ranking.PageRelevance> relevance;
    private final @Nullable Answer modelAnswer;
    private final Instant ranAt;
    private final Path dir;
    private @Nullable Changes changes;
    private final StringBuilder out = new StringBuilder();

    ReportMarkdown(
            Job job,
            Query query,
            SearchResults search,
            List<PageResult> pages,
            Map<Integer, Integer> numbers,
            FindingSelector.Selection selection,
            @Nullable Answer modelAnswer,
            Instant ranAt,
            Path dir) {
        this.job = job;
        this.query = query;
        this.search = search;
        this.pages = pages;
        this.numbers = numbers;
        this.findings = selection.findings();
        this.relevance = selection.sources();
        this.modelAnswer = modelAnswer;
        this.ranAt = ranAt;
        this.dir = dir;
    }

    /** Adds the section on what changed since the last report ({@code null}: there is none, so no section). */
    ReportMarkdown withChanges(@Nullable Changes since) {
        this.changes = since;
        return this;
    }

    String render() {
        out.append("# ").append(inline(query.label())).append("\n\n");
        out.append("- **Query:** ").append(inline(query.label())).append('\n');
        out.append("- **Ran:** ")
                .append(TIME.format(ranAt))
                .append(" · job ")
                .append(MarkdownText.code(job.name()))
                .append('\n');
        out.append("- **Search:** ").append(searchLine()).append('\n');
        if (!search.wasNotSearched()) {
            for (String note : search.notes())
                out.append("- **Search note:** ").append(inline(note)).append('\n');
        }
        out.append("- **Sources:** ")
                .append(numbers.size())
                .append(" fetched, ")
                .append(pages.size() - numbers.size())
                .append(" not retrieved\n");
        if (numbers.isEmpty())
            out.append("- **Empty:** no page was retrieved for this query (counted as an empty query)\n");
        if (modelAnswer != null && !modelAnswer.answered())
            out.append("- **Answer:** none, ")
                    .append(inline(modelAnswer.note()))
                    .append('\n');
        out.append('\n');
        if (modelAnswer != null && modelAnswer.answered()) modelAnswer(modelAnswer);
        sinceLastRun();
        keyFindings();
        answer();
        sources();
        notRetrieved();
        return out.toString();
    }

    private String searchLine() {
        if (!query.searches()) return "none (the job listed its pages)";
        if (search.wasNotSearched()) return inline(search.notes().get(0));
        String line = inline(search.providerLabel()) + ", " + search.hits().size() + " result"
                + (search.hits().size() == 1 ? "" : "s");
        return search.cached() ? line + " (served from cache)" : line;
    }

    /** {@code ## Since the last run (<date>)}: what is new, gone or changed since the last report of this query. */
    private void sinceLastRun() {
        if (changes == null) return;
        out.append("## Since the last run (")
                .append(TIME.format(changes.since()))
                .append(")\n\n");
        if (changes.count() == 0) {
            out.append("_Nothing changed since the last run: the same sources, pages and findings._\n\n");
            return;
        }
        changedSources("New sources", changes.newSources());
        changedSources("Sources no longer in the report", changes.goneSources());
        changedSources("Pages whose content changed", changes.changedPages());
        changedFindings("New findings", changes.newFindings());
        changedFindings("Findings gone", changes.goneFindings());
    }

    private void changedSources(String heading, List<Changes.Source> sources) {
        if (sources.isEmpty()) return;
        out.append("**").append(heading).append(" (").append(sources.size()).append(")**\n\n");
        for (Changes.Source s : sources) {
            out.append("- ");
            if (s.n() != null) out.append('[').append(s.n()).append("] ");
            if (s.title() != null && !s.title().isBlank())
                out.append(inline(s.title())).append(" — ");
            out.append(MarkdownText.url(s.url()));
            if (s.note() != null) out.append(" (").append(inline(s.note())).append(')');
            out.append('\n');
        }
        out.append('\n');
    }

    private void changedFindings(String heading, List<String> texts) {
        if (texts.isEmpty()) return;
        out.append("**").append(heading).append(" (").append(texts.size()).append(")**\n\n");
        for (String text : texts) out.append("- ").append(inline(text)).append('\n');
        out.append('\n');
    }

    /** The model's answer, its sentences that passed the checks, each ending with its citations as a finding does. */
    private void modelAnswer(Answer a) {
        out.append("## Answer\n\n");
        out.append("_Written by the model ")
                .append(MarkdownText.code(a.model()))
                .append(" from the key findings below, and checked against them: every sentence cites findings it was"
                        + " given, and every number, date, name and address in it is in those findings");
        if (!a.similarityRule().isEmpty())
            out.append("; it is close to them in meaning (")
                    .append(inline(a.similarityRule()))
                    .append(')');
        if (a.checks().contains(Answer.ENTAILED)) out.append("; an entailment model says they entail it");
        out.append(". A sentence that failed a check is not shown.");
        for (String notRun : a.notRun()) {
            if (notRun.startsWith(Answer.SIMILAR))
                out.append(" Not checked for closeness in meaning: ")
                        .append(inline(notRun.substring(notRun.indexOf(':') + 1).strip()))
                        .append('.');
        }
        out.append("_\n\n");
        if (a.sentences().isEmpty()) {
            out.append(
                    a.dropped().isEmpty()
                            ? "_The model found no answer in the findings._\n\n"
                            : "_No sentence the model wrote passed the checks._\n\n");
        } else {
            out.append(a.sentences().stream()
                            .map(s -> inline(s.text()) + " "
                                    + s.citations().stream()
                                            .map(n -> "[" + n + "]")
                                            .collect(Collectors.joining()))
                            .collect(Collectors.joining(" ")))
                    .append("\n\n");
        }
        if (!a.dropped().isEmpty()) {
            int total = a.sentences().size() + a.dropped().size();
            out.append("_")
                    .append(a.dropped().size())
                    .append(" of ")
                    .append(total)
                    .append(total == 1 ? " sentence was" : " sentences were")
                    .append(" dropped: ")
                    .append(droppedWhy(a.dropped()))
                    .append(" (the sidecar lists them)._\n\n");
        }
    }

    private static String droppedWhy(List<Answer.Dropped> dropped) {
        Map<String, Long> byCheck = new java.util.LinkedHashMap<>();
        for (String check : List.of(Answer.CITED, Answer.FACTS, Answer.SIMILAR, Answer.ENTAILED)) {
            long n = dropped.stream().filter(d -> d.check().equals(check)).count();
            if (n > 0) byCheck.put(check, n);
        }
        return byCheck.entrySet().stream()
                .map(e -> e.getValue() + " "
                        + switch (e.getKey()) {
                            case Answer.CITED -> "citing no finding, or a finding it was not given";
                            case Answer.FACTS -> "with a number, date, name or address its cited findings do not have";
                            case Answer.SIMILAR -> "too far in meaning from its cited findings";
                            default -> "not entailed by its cited findings";
                        })
                .collect(Collectors.joining(", "));
    }

    private void keyFindings() {
        out.append("## Key findings\n\n");
        if (findings.isEmpty()) {
            out.append(
                    numbers.isEmpty()
                            ? "_No page could be retrieved, so there is nothing to quote._\n\n"
                            : "_No passage in the fetched pages answers the query closely enough to quote._\n\n");
            return;
        }
        for (Finding f : findings) {
            out.append("- ")
                    .append(quote(f.text()))
                    .append(' ')
                    .append(f.citations().stream().map(n -> "[" + n + "]").collect(Collectors.joining()));
            if (!f.context().isEmpty())
                out.append(" (in: ").append(context(f.context())).append(')');
            out.append('\n');
        }
        out.append('\n');
    }

    private void answer() {
        if (!query.searches() || !query.wantsAnswer()) return;
        String provider = inline(search.providerLabel());
        out.append("## ")
                .append(provider)
                .append("'s answer (provider-generated, not checked against the sources)\n\n");
        List<String> answer = MarkdownText.lines(search.answer());
        if (answer.isEmpty()) out.append("_").append(provider).append(" returned no answer._");
        else
            out.append(answer.stream()
                    .map(line -> line.isEmpty() ? ">" : "> " + line)
                    .collect(Collectors.joining("\n")));
        out.append("\n\n");
    }

    private void sources() {
        out.append("## Sources\n\n");
        if (numbers.isEmpty()) out.append("_None._\n\n");
        for (PageResult p : pages) {
            Integer n = numbers.get(p.task().order());
            if (n == null) continue;
            FetchedPage page = p.page();
            String title = SourceTitle.of(p).orElse(page.finalUrl());
            out.append("### [").append(n).append("] ").append(inline(title)).append("\n\n");
            out.append("- URL: ").append(MarkdownText.url(p.task().url())).append('\n');
            if (!page.finalUrl().equals(p.task().url()))
                out.append("- Redirected to: ")
                        .append(MarkdownText.url(page.finalUrl()))
                        .append('\n');
            PageMetadata meta = page.metadata();
            if (meta.canonicalUrl() != null && !meta.canonicalUrl().equals(page.finalUrl())) {
                out.append("- Canonical URL: ")
                        .append(MarkdownText.url(meta.canonicalUrl()))
                        .append('\n');
            }
            out.append("- Fetched: ")
                    .append(
                            page.retrieval().fetchedAt() == null
                                    ? "unknown"
                                    : TIME.format(page.retrieval().fetchedAt()))
                    .append(
                            p.delivery() == Delivery.FETCHED
                                    ? ""
                                    : " (" + p.delivery().words() + ")")
                    .append(" · ")
                    .append(page.chars())
                    .append(" characters · ")
                    .append(inline(page.contentType()))
                    .append('\n');
            List<String> about = new ArrayList<>();
            if (meta.siteName() != null) about.add("Site: " + inline(meta.siteName()));
            if (meta.author() != null) about.add("Author: " + inline(meta.author()));
            if (meta.published() != null) about.add("Published: " + inline(meta.published()));
            if (meta.language() != null) about.add("Language: " + inline(meta.language()));
            if (!about.isEmpty())
                out.append("- ").append(String.join(" · ", about)).append('\n');
            if (meta.description() != null && !meta.description().isBlank()) {
                out.append("- Description: ").append(inline(meta.description())).append('\n');
            }
            Ranking.PageRelevance r = relevance.get(n);
            if (query.searches() && r != null) {
                out.append("- Relevance: ")
                        .append(String.format(Locale.ROOT, "%.2f", r.relevance()))
                        .append(r.relevant() ? "" : " · not relevant to the query, nothing quoted from it")
                        .append('\n');
            }
            String excerpt = excerpt(page, r);
            if (excerpt != null && !excerpt.isBlank()) {
                out.append(
                                query.searches() && r != null && r.bestPassage() != null && r.relevant()
                                        ? "- Most relevant passage: "
                                        : "- Excerpt: ")
                        .append(inline(excerpt))
                        .append('\n');
            }
            out.append('\n');
            if (page.evictedTo() != null) {
                String link = dir.relativize(page.evictedTo()).toString().replace('\\', '/');
                out.append("Full text (")
                        .append(page.chars())
                        .append(" characters): ")
                        .append(MarkdownText.relativeLink(link))
                        .append("\n\n");
            } else {
                out.append("<details><summary>Page content</summary>\n\n")
                        .append(PageMarkdown.inReport(page.markdown()))
                        .append("\n\n</details>\n\n");
            }
        }
    }

    private void notRetrieved() {
        out.append("## Not retrieved\n\n");
        boolean any = false;
        for (PageResult p : pages) {
            if (numbers.containsKey(p.task().order())) continue;
            any = true;
            out.append("- ")
                    .append(MarkdownText.url(p.task().url()))
                    .append(" — ")
                    .append(inline(p.page().reason()))
                    .append('\n');
        }
        if (!any && pages.isEmpty() && search.wasNotSearched()) {
            out.append("_The query was not searched (")
                    .append(inline(search.notes().get(0)))
                    .append("), so there was nothing to retrieve._\n");
        } else if (!any && pages.isEmpty() && query.searches()) {
            out.append("_The search returned no results, so there was nothing to retrieve._\n");
        } else if (!any) {
            out.append("_Every URL was retrieved._\n");
        }
    }

    /** A source's excerpt: its most relevant passage for the query when it has one, else its opening text. */
    static String excerpt(FetchedPage page, Ranking.PageRelevance relevance) {
        if (relevance != null && relevance.relevant() && relevance.bestPassage() != null)
            return relevance.bestPassage();
        return page.excerpt();
    }

    /**
     * A finding's text as one line of inline Markdown: what its passage shows after it (what a lead-in introduces, the
     * lines under a comment) with " ⏎ " before each of its lines.
     */
    static String quote(String text) {
        return breaksAs(text, " \u23ce ");
    }

    /**
     * A finding's context as one line of inline Markdown: its parts (a code line's heading or lead-in, then the line
     * opening its block) with " › " between them, as a path, not run together: "Ordering flex items ›
     * button:last-child {", not "Ordering flex items button:last-child {".
     */
    static String context(String context) {
        return breaksAs(context, " \u203a ");
    }

    /** {@code text} as one line of inline Markdown, {@code separator} where its lines break. */
    private static String breaksAs(String text, String separator) {
        return inline(text.strip().replaceAll("\\s*\\n\\s*", separator));
    }

    private static String inline(String text) {
        return MarkdownText.inline(text);
    }
}
