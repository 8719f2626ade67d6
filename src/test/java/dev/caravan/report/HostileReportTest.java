package dev.caravan.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Job;
import dev.caravan.model.PageMetadata;
import dev.caravan.model.PageResult;
import dev.caravan.model.PageType;
import dev.caravan.model.Query;
import dev.caravan.model.Report;
import dev.caravan.model.Retrieval;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import dev.caravan.model.TextBlock;
import dev.caravan.pages.FindingSelector;
import dev.caravan.testing.FakeClock;
import dev.caravan.testing.Pages;
import dev.caravan.testing.RenderedMarkdown;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Everything in a report that comes from outside (the page, the search provider, the job file, the server's error
 * text) stays text when the report is rendered: it adds no tag, no link with a scheme of its choosing, and no heading
 * of its own outside the page content. Each row makes one field hostile; the last makes them all hostile at once.
 */
class HostileReportTest {

    private static final String A = "https://a.example/heat";
    private static final String B = "https://b.example/missing";
    private static final String SCRIPT = "<script>alert(1)</script>";
    private static final String IMG = "<img src=x onerror=alert(1)>";
    /** A page text no query word is in, so the report shows the page's excerpt instead of a passage. */
    private static final String UNRELATED = "Nothing on this page is about the question that was asked.";

    @TempDir
    Path out;

    /** One report: page A fetched and shown inline, page B not retrieved, and the provider's answer. */
    static final class Fixture {
        String job = "energy";
        String query = "heat pump efficiency";
        String answer = "Heat pumps are efficient.";
        List<String> notes = List.of();
        String title = "Heat pumps explained";
        String hitTitle = "Hit title";
        String site = "Energy Notes";
        String author = "Ada Lovelace";
        String published = "2026-03-01";
        String language = "en";
        String description = "Why heat pumps work.";
        String url = A;
        String finalUrl = A;
        String canonical = "https://a.example/canonical";
        String contentType = "text/html";
        String excerpt = "Heat pumps move heat.";
        String finding = "Heat pump efficiency stays high in mild weather.";
        String markdown = "## About\n\nHeat pump efficiency stays high in mild weather.";
        String reason = "HTTP 404 Not Found";

        Report build(Path out) {
            Query q = new Query(query, null, null, null, true, null, null, null, null);
            FetchTask taskA = new FetchTask(1, url, url, new SearchHit(url, hitTitle, "snippet", 0.9, null));
            FetchedPage page = new FetchedPage(
                    new Retrieval(url, finalUrl, 200, Pages.FETCHED_AT),
                    FetchOutcome.OK,
                    null,
                    contentType,
                    new PageMetadata(
                            title, canonical, site, author, published, language, description, PageType.ARTICLE),
                    markdown,
                    null,
                    markdown.length(),
                    excerpt,
                    List.of(new TextBlock(TextBlock.Kind.PARAGRAPH, finding)));
            FindingSelector selector = Pages.selector(5, 2);
            List<PageResult> results = List.of(
                    selector.candidates(taskA, page, q, false),
                    new PageResult(
                            Pages.task(2, B), Pages.failed(B, FetchOutcome.HTTP_ERROR, reason, 500), false, List.of()));
            return new ReportBuilder(new ReportSettings(out, 10_000), selector, FakeClock.at("2026-05-06T07:08:09Z"))
                    .build(
                            new Job(job, List.of(q)),
                            0,
                            new SearchResults("tavily", answer, List.of(), false, notes),
                            results);
        }

        /** The headings the report itself writes, in order, as a reader sees them. */
        List<String> ownHeadings() {
            String source = title != null && !title.isBlank() ? title : hitTitle;
            return List.of(
                    oneLine(query),
                    "Key findings",
                    "Tavily's answer (provider-generated, not checked against the sources)",
                    "Sources",
                    "[1] " + oneLine(source),
                    "Not retrieved");
        }
    }

    static String oneLine(String text) {
        return text.replaceAll("[\\s\\x00-\\x1F\\x7F-\\x9F\\u2028\\u2029]+", " ")
                .strip();
    }

    private static Arguments row(String name, Consumer<Fixture> hostile) {
        return Arguments.of(name, hostile, null);
    }

    /** A row whose hostile text must still be shown, as text, in the rendered report. */
    private static Arguments row(String name, Consumer<Fixture> hostile, String shown) {
        return Arguments.of(name, hostile, shown);
    }

    static Stream<Arguments> hostileFields() {
        List<Arguments> rows = new ArrayList<>(List.of(
                row("page title with a script tag", f -> f.title = SCRIPT, "[1] " + SCRIPT),
                row("page title that starts a new block", f -> f.title = "Title\r## Forged\n# Forged"),
                row("page title that closes the heading", f -> f.title = "Title ##", "Title ##"),
                row("search hit title standing in for a blank page title", f -> {
                    f.title = " ";
                    f.hitTitle = IMG + " [x](javascript:alert(1))";
                }),
                row("site name", f -> f.site = "<b onmouseover=alert(1)>Site</b>", "<b onmouseover=alert(1)>Site</b>"),
                row(
                        "author with a javascript link",
                        f -> f.author = "[me](javascript:alert(1))",
                        "[me](javascript:alert(1))"),
                row("published date with a line separator", f -> f.published = "2026\u2028# Forged\u2029## Forged"),
                row("language with an escape sequence", f -> f.language = "en\u001B[31m<i>x</i>\u0085# Forged"),
                row(
                        "description that starts a heading after a carriage return",
                        f -> f.description = "Fine.\r## Forged\r" + SCRIPT,
                        "Fine. ## Forged " + SCRIPT),
                row(
                        "excerpt with decoded entities",
                        f -> {
                            f.finding = UNRELATED;
                            f.excerpt = "decoded &lt;script&gt; became " + SCRIPT;
                        },
                        "decoded &lt;script&gt; became " + SCRIPT),
                row(
                        "excerpt with a reference definition",
                        f -> {
                            f.finding = UNRELATED;
                            f.excerpt = "[1]: javascript:alert(1)";
                        },
                        "[1]: javascript:alert(1)"),
                row("canonical URL with a javascript scheme", f -> f.canonical = "JaVaScRiPt:alert(1)"),
                row(
                        "canonical URL breaking out of angle brackets",
                        f -> f.canonical = "https://a.example/x> " + IMG + " <https://a.example/y"),
                row("canonical URL breaking out of a code span", f -> f.canonical = "data:text/html,`" + SCRIPT + "`"),
                row("fetched URL with spaces and a tag", f -> f.url = "https://a.example/a b" + SCRIPT),
                row("redirect URL with a vbscript scheme", f -> f.finalUrl = "vbscript:msgbox(1)"),
                row("content type", f -> f.contentType = "text/html" + SCRIPT),
                row(
                        "finding with a javascript link and a tag",
                        f -> f.finding = "Heat pump efficiency [click](javascript:alert(1)) stays " + IMG + " high.",
                        "Heat pump efficiency [click](javascript:alert(1)) stays " + IMG + " high."),
                row(
                        "excerpt that starts headings",
                        f -> {
                            f.finding = UNRELATED;
                            f.excerpt = "# Forged\r## Forged too";
                        },
                        "# Forged ## Forged too"),
                row(
                        "provider answer with a tag and headings after carriage returns",
                        f -> f.answer = IMG + "\r# Heading\n## Heading\r\n### Heading\u2028#### Heading"),
                row("provider answer with a setext underline", f -> f.answer = "Heading\n===\n\n---\n" + SCRIPT),
                row("query text", f -> f.query = "heat pump efficiency " + SCRIPT + "\r# Forged"),
                row("job name breaking out of its code span", f -> f.job = "energy`" + IMG + "`"),
                row(
                        "failure reason echoing the server",
                        f -> f.reason = "HTTP 500 " + SCRIPT + "\r## Forged",
                        "HTTP 500 " + SCRIPT + " ## Forged"),
                row(
                        "search note echoing the provider",
                        f -> f.notes = List.of("provider said " + IMG + "\n# Forged"))));
        for (String[] page : HOSTILE_PAGES) rows.add(row("page content: " + page[0], f -> f.markdown = page[1]));
        List<Arguments> each = List.copyOf(rows);
        rows.add(row("every field at once, and every page content in one page", f -> {
            for (Arguments a : each) {
                @SuppressWarnings("unchecked")
                Consumer<Fixture> hostile = (Consumer<Fixture>) a.get()[1];
                hostile.accept(f);
            }
            StringBuilder page = new StringBuilder();
            for (String[] p : HOSTILE_PAGES) page.append(p[1]).append("\n\n");
            f.markdown = page.toString();
        }));
        return rows.stream();
    }

    /** Page Markdown a hostile page can bring: our converter's own output, or a text/plain or Markdown body as is. */
    static final String[][] HOSTILE_PAGES = {
        {"raw HTML block", SCRIPT + "\n\n<div onclick=alert(1)>x</div>"},
        {"inline HTML", "Text " + IMG + " and <a href=\"javascript:alert(1)\">a</a>."},
        {"a link the converter broke with a space", "[x](https://a.example/a " + IMG + ")"},
        {"javascript link", "[click](JaVaScRiPt:alert(1))"},
        {"entity-encoded javascript link", "[click](&#106;avascript:alert(1))"},
        {"javascript link with a tab in the scheme", "[click](java&#9;script:alert(1))"},
        {"javascript link in angle brackets", "[click](<javascript:alert(1)>)"},
        {"data, vbscript and file links", "[d](data:text/html,x) [v](vbscript:msgbox) [f](file:///etc/passwd)"},
        {"autolink with a javascript scheme", "<javascript:alert(1)>"},
        {"image with a data URL", "![x](data:image/svg+xml,<svg onload=alert(1)>)"},
        {"image inside a javascript link", "[![x](https://a.example/i.png)](javascript:alert(1))"},
        {"reference link to vbscript", "[click][r]\n\n[r]: vbscript:msgbox(1)"},
        {
            "reference definitions that hijack the citations",
            "Text.\n\n[1]: javascript:alert(1)\n[2]: javascript:alert(2)"
        },
        {"setext heading", "Forged\n===\n\nAlso\n---"},
        {"headings inside a quote and a list", "> # Forged\n\n- # Forged"},
        {"heading after a carriage return", "text\r# Forged"},
        {"unclosed fence swallowing the rest of the report", "text\n\n```\nswallowed"},
        {"unclosed tilde fence", "~~~~\nswallowed"},
        {"closing the details element", "</details>\n\n# Forged"},
        {"HTML comment and CDATA", "<!-- x -->" + IMG + "\n\n<![CDATA[" + SCRIPT + "]]>"},
        {"processing instruction", "<?php echo 1; ?>" + SCRIPT},
        {"table cell splitting a code span", "| a | b |\n|---|---|\n| `x | " + IMG + " | y` |"},
        {"harmless tags given attributes", "<kbd onclick=alert(1)>x</kbd> <sup style=x>2</sup> <br onload=x>"},
        {"a comment that is not only the list separator", "<!-- -->" + SCRIPT + "\n\n<!-- --><!--"},
        {"deeply nested images", "![".repeat(30) + "x" + "](javascript:alert(1))".repeat(30)},
    };

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileFields")
    void a_hostile_field_adds_no_tag_no_link_and_no_heading_to_the_rendered_report(
            String field, Consumer<Fixture> hostile, String shown) {
        Fixture fixture = new Fixture();
        hostile.accept(fixture);

        Report report = fixture.build(out);

        for (RenderedMarkdown viewer : RenderedMarkdown.values()) {
            Document html = viewer.html(report.markdown());
            assertThat(RenderedMarkdown.foreignMarkup(html))
                    .as("%s, rendered %s", field, viewer)
                    .isEmpty();
            assertThat(headingsOutsidePageContent(html))
                    .as("%s, rendered %s", field, viewer)
                    .containsExactlyElementsOf(fixture.ownHeadings());
            assertThat(html.select("details").select("h1, h2, h3"))
                    .as("%s, rendered %s: page headings nest under the source heading", field, viewer)
                    .isEmpty();
            if (shown != null)
                assertThat(html.text())
                        .as("%s, rendered %s: shown as the text it is", field, viewer)
                        .contains(oneLine(shown));
        }
    }

    /** Sentences a page may say, each with Markdown's own characters in it. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '"', textBlock = """
            stars                 => Heat pump efficiency is *not* emphasis and **not** strong either in this sentence.
            underscores           => Heat pump efficiency in snake_case and _not emphasis_ and __not strong__.
            brackets              => Heat pump efficiency [click](javascript:alert(1)) is no link and [1] no citation.
            angle brackets        => Heat pump efficiency <script>alert(1)</script> and <https://a.example/> a > b.
            backticks             => Heat pump efficiency in `code` and ``double`` and a lone ` backtick here.
            hashes                => Heat pump efficiency # is no heading and neither is ## this one, nor ###.
            pipes                 => Heat pump efficiency | stays high | in every | table row of this page.
            backslashes           => Heat pump efficiency stays high in C:\\Users\\heat\\pumps and \\* is no star.
            entities              => Heat pump efficiency &lt;b&gt; and &amp; and &#42; and AT&T stay as written.
            ordered list marker   => 1) Heat pump efficiency is not the first item of an ordered list.
            tildes                => Heat pump efficiency ~~is not struck~~ and ~~~ is no fence at all.
            """)
    void key_findings_render_as_the_very_text_the_page_says(String name, String sentence) throws Exception {
        Fixture fixture = new Fixture();
        fixture.finding = sentence;

        Report report = fixture.build(out);

        JsonNode findings = new ObjectMapper().readTree(report.sidecarJson()).path("findings");
        assertThat(findings).as("%s: the sentence is quoted", name).hasSize(1);
        assertThat(findings.get(0).path("text").asText()).isEqualTo(sentence);
        for (RenderedMarkdown viewer : RenderedMarkdown.values()) {
            Element list = viewer.html(report.markdown()).selectFirst("h2:containsOwn(Key findings) + ul");
            assertThat(list).as("%s, rendered %s", name, viewer).isNotNull();
            assertThat(list.children().eachText())
                    .as("%s, rendered %s", name, viewer)
                    .containsExactly(sentence + " [1]");
        }
    }

    private static List<String> headingsOutsidePageContent(Document html) {
        List<String> texts = new ArrayList<>();
        for (Element h : html.select("h1, h2, h3, h4, h5, h6")) {
            if (h.closest("details") == null) texts.add(h.text());
        }
        return texts;
    }
}
