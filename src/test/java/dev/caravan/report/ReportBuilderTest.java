package dev.caravan.report;

import static dev.caravan.testing.Pages.failed;
import static dev.caravan.testing.Pages.fetched;
import static dev.caravan.testing.Pages.jobTask;
import static dev.caravan.testing.Pages.task;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Job;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.Report;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import dev.caravan.testing.FakeClock;
import dev.caravan.testing.Pages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportBuilderTest {

    private static final String A = "https://a.example/heat";
    private static final String B = "https://b.example/missing";
    private static final String C = "https://c.example/cold";
    private static final String D = "https://d.example/private";

    @TempDir
    Path out;

    private ReportSettings settings() {
        return new ReportSettings(out, 10_000);
    }

    private final FakeClock clock = FakeClock.at("2026-05-06T07:08:09Z");

    private ReportBuilder builder() {
        return new ReportBuilder(settings(), Pages.selector(5, 2), clock);
    }

    private static Query query(String text, Boolean answer) {
        return new Query(text, null, null, null, answer, null, null, null, null);
    }

    private PageResult result(FetchTask task, FetchedPage page, Query query) {
        return Pages.selector(5, 2).candidates(task, page, query, false);
    }

    private List<PageResult> mixedResults(Query q) {
        List<PageResult> results = new ArrayList<>();
        results.add(result(
                task(4, D),
                failed(D, FetchOutcome.ROBOTS_DENIED, "robots.txt disallows this path for CaravanBot", null),
                q));
        results.add(result(task(3, C), fetched(C, "Cold climate study", """
                # Findings

                Heat pump efficiency drops slowly in cold climates, tests show.
                Installers in cold climates report fewer heat pump failures than expected.
                """), q));
        results.add(result(task(2, B), failed(B, FetchOutcome.HTTP_ERROR, "HTTP 404 Not Found", 404), q));
        results.add(result(task(1, A), fetched(A, "Heat pumps explained", """
                Heat pump efficiency drops slowly in cold climates.
                A heat pump moves warmth instead of burning any fuel.
                """), q));
        return results;
    }

    private static Set<Integer> citedNumbers(String markdown) {
        Set<Integer> numbers = new LinkedHashSet<>();
        Matcher m = Pattern.compile("\\[(\\d+)]").matcher(markdown);
        while (m.find()) numbers.add(Integer.parseInt(m.group(1)));
        return numbers;
    }

    @Test
    void only_fetched_pages_get_citation_numbers_in_result_order() {
        Query q = query("heat pump efficiency in cold climates", null);
        Job job = new Job("energy", List.of(q));

        Report report = builder().build(job, 0, new SearchResults("tavily", null, List.of(), false), mixedResults(q));

        assertThat(report.fetched()).isEqualTo(2);
        assertThat(report.notRetrieved()).isEqualTo(2);
        assertThat(report.markdown())
                .contains("### [1] Heat pumps explained\n\n- URL: <" + A + ">")
                .contains("### [2] Cold climate study\n\n- URL: <" + C + ">")
                .doesNotContain("### [3]")
                .doesNotContain("### [4]");
        assertThat(report.markdown().indexOf("### [1]"))
                .isLessThan(report.markdown().indexOf("### [2]"));
    }

    @Test
    void every_citation_in_the_key_findings_refers_to_a_listed_source() {
        Query q = query("heat pump efficiency in cold climates", null);

        Report report = builder()
                .build(
                        new Job("energy", List.of(q)),
                        0,
                        new SearchResults("tavily", null, List.of(), false),
                        mixedResults(q));

        String findings = report.markdown()
                .substring(
                        report.markdown().indexOf("## Key findings"),
                        report.markdown().indexOf("## Sources"));
        assertThat(citedNumbers(findings)).isNotEmpty().isSubsetOf(1, 2);
        assertThat(findings)
                .containsPattern(
                        "- Heat pump efficiency drops slowly in cold climates(, tests show)?\\. \\[\\d]\\[\\d]\n");
        // the third sentence, "A heat pump moves warmth instead of burning any fuel.", is not about cold climates
        assertThat(report.findings()).isEqualTo(2);
        String outsidePageContent = report.markdown().replaceAll("(?s)<details>.*?</details>", "");
        assertThat(citedNumbers(outsidePageContent)).isSubsetOf(1, 2);
    }

    @Test
    void not_retrieved_lists_every_failed_url_with_its_reason() {
        Query q = query("heat pump efficiency in cold climates", null);

        Report report = builder()
                .build(
                        new Job("energy", List.of(q)),
                        0,
                        new SearchResults("tavily", null, List.of(), false),
                        mixedResults(q));

        String notRetrieved = report.markdown().substring(report.markdown().indexOf("## Not retrieved"));
        assertThat(notRetrieved)
                .isEqualTo("## Not retrieved\n\n"
                        + "- <" + B + "> — HTTP 404 Not Found\n"
                        + "- <" + D + "> — robots.txt disallows this path for CaravanBot\n");
    }

    @Test
    void the_report_header_names_query_time_job_search_and_counts() {
        Query q = query("heat pump efficiency in cold climates", null);
        SearchResults search = new SearchResults("tavily", null, List.of(new SearchHit(A, "A", "", 0.9, null)), true);

        Report report = builder().build(new Job("energy", List.of(Query.of("other"), q)), 1, search, mixedResults(q));

        assertThat(report.markdown())
                .startsWith("# heat pump efficiency in cold climates\n\n"
                        + "- **Query:** heat pump efficiency in cold climates\n"
                        + "- **Ran:** 2026-05-06 07:08:09 UTC · job `energy`\n"
                        + "- **Search:** Tavily, 1 result (served from cache)\n"
                        + "- **Sources:** 2 fetched, 2 not retrieved\n\n");
        assertThat(report.markdownFile()).isEqualTo(out.resolve("energy/heat-pump-efficiency-in-cold-climates.md"));
        assertThat(report.sidecarFile()).isEqualTo(out.resolve("energy/heat-pump-efficiency-in-cold-climates.json"));
    }

    @Test
    void page_headings_nest_under_the_source_heading() {
        Query q = query("heat pump efficiency in cold climates", null);

        Report report = builder()
                .build(
                        new Job("energy", List.of(q)),
                        0,
                        new SearchResults("tavily", null, List.of(), false),
                        mixedResults(q));

        assertThat(report.markdown()).contains("<details><summary>Page content</summary>\n\n#### Findings\n");
    }

    @Test
    void the_providers_answer_is_labelled_when_asked_for() {
        Query q = query("heat pump efficiency in cold climates", true);

        Report report = builder()
                .build(
                        new Job("energy", List.of(q)),
                        0,
                        new SearchResults("tavily", "They keep working.\nMostly.", List.of(), false),
                        mixedResults(q));

        assertThat(report.markdown())
                .contains("## Tavily's answer (provider-generated, not checked against the sources)\n\n"
                        + "> They keep working.\n> Mostly.\n\n## Sources");
    }

    @Test
    void the_providers_answer_is_left_out_when_not_asked_for() {
        Query q = query("heat pump efficiency in cold climates", false);

        Report report = builder()
                .build(
                        new Job("energy", List.of(q)),
                        0,
                        new SearchResults("tavily", "Unrequested answer.", List.of(), false),
                        mixedResults(q));

        assertThat(report.markdown()).doesNotContain("Tavily's answer").doesNotContain("Unrequested answer.");
    }

    @Test
    void a_missing_answer_that_was_asked_for_is_said_so() {
        Query q = query("heat pump efficiency in cold climates", true);

        Report report = builder()
                .build(
                        new Job("energy", List.of(q)),
                        0,
                        new SearchResults("tavily", null, List.of(), false),
                        mixedResults(q));

        assertThat(report.markdown()).contains("_Tavily returned no answer._");
    }

    @Test
    void when_nothing_was_retrieved_there_is_nothing_to_quote_and_no_source() {
        Query q = query("heat pumps", null);
        List<PageResult> results =
                List.of(result(task(1, B), failed(B, FetchOutcome.TIMEOUT, "no response within 20000 ms", null), q));

        Report report = builder()
                .build(new Job("energy", List.of(q)), 0, new SearchResults("tavily", null, List.of(), false), results);

        assertThat(report.markdown())
                .contains("_No page could be retrieved, so there is nothing to quote._")
                .contains("## Sources\n\n_None._")
                .contains("- <" + B + "> — no response within 20000 ms\n");
        assertThat(citedNumbers(report.markdown())).isEmpty();
        assertThat(report.fetched()).isZero();
        assertThat(report.findings()).isZero();
    }

    @Test
    void a_query_that_only_lists_pages_says_there_was_no_search() {
        Query q = new Query(null, null, null, null, null, null, null, null, List.of(A));
        List<PageResult> results =
                List.of(result(jobTask(1, A), fetched(A, "Heat", "Heat pumps are quiet machines today."), q));

        Report report = builder().build(new Job("pages", List.of(q)), 0, SearchResults.none(), results);

        assertThat(report.markdown())
                .contains("- **Search:** none (the job listed its pages)\n")
                .contains("_Every URL was retrieved._");
        assertThat(report.markdownFile().getFileName().toString()).isEqualTo("pages-a-example.md");
    }

    @Test
    void an_evicted_page_is_linked_relative_to_the_report_not_inlined() {
        Query q = query("heat pumps", null);
        FetchedPage page = fetched(A, "Heat", "Heat pumps are quiet machines today.")
                .evicted(out.resolve("energy/pages/a-example-heat-0000.md"));

        Report report = builder()
                .build(
                        new Job("energy", List.of(q)),
                        0,
                        new SearchResults("tavily", null, List.of(), false),
                        List.of(new PageResult(task(1, A), page, true, List.of())));

        assertThat(report.markdown())
                .contains("(fresh from cache)")
                .contains("Full text (36 characters): [pages/a-example-heat-0000.md](pages/a-example-heat-0000.md)")
                .doesNotContain("<details>");
    }

    @Test
    void page_metadata_reaches_the_report_and_the_sidecar() throws Exception {
        Query q = query("heat pumps", null);
        FetchedPage plain = fetched(A, "Heat", "Heat pumps are quiet machines today.");
        FetchedPage page = new FetchedPage(
                plain.retrieval(),
                plain.outcome(),
                null,
                "text/html",
                new dev.caravan.model.PageMetadata(
                        "Heat",
                        "https://a.example/canonical",
                        "Energy Notes",
                        "Ada Lovelace",
                        "2026-03-01",
                        "en",
                        "Why heat pumps are quiet.",
                        dev.caravan.model.PageType.SERVICE),
                plain.markdown(),
                null,
                plain.chars(),
                plain.excerpt(),
                plain.blocks());

        Report report = builder()
                .build(
                        new Job("energy", List.of(q)),
                        0,
                        new SearchResults("tavily", null, List.of(), false),
                        List.of(new PageResult(task(1, A), page, false, List.of())));

        assertThat(report.markdown())
                .contains("- Canonical URL: <https://a.example/canonical>")
                .contains("Site: Energy Notes · Author: Ada Lovelace · Published: 2026-03-01 · Language: en")
                .contains("- Description: Why heat pumps are quiet.");
        JsonNode source = new ObjectMapper()
                .readTree(report.sidecarJson())
                .path("sources")
                .get(0);
        assertThat(source.path("canonical_url").asText()).isEqualTo("https://a.example/canonical");
        assertThat(source.path("site_name").asText()).isEqualTo("Energy Notes");
        assertThat(source.path("author").asText()).isEqualTo("Ada Lovelace");
        assertThat(source.path("published").asText()).isEqualTo("2026-03-01");
        assertThat(source.path("language").asText()).isEqualTo("en");
        assertThat(source.path("description").asText()).isEqualTo("Why heat pumps are quiet.");
        assertThat(source.path("page_type").asText()).isEqualTo("service");
    }

    @Test
    void a_blank_page_title_falls_back_alike_in_the_report_and_the_sidecar() throws Exception {
        Query q = query("heat pumps", null);
        String text = "Heat pumps are quiet machines today.";
        List<PageResult> pages = List.of(
                new PageResult(task(1, A), fetched(A, " ", text), false, List.of()),
                new PageResult(Pages.jobTask(2, C), fetched(C, " ", text), false, List.of()));

        Report report = builder()
                .build(new Job("energy", List.of(q)), 0, new SearchResults("tavily", null, List.of(), false), pages);

        assertThat(report.markdown()).contains("### [1] Hit title 1\n").contains("### [2] " + C + "\n");
        JsonNode sources = new ObjectMapper().readTree(report.sidecarJson()).path("sources");
        assertThat(sources.get(0).path("title").asText()).isEqualTo("Hit title 1");
        assertThat(sources.get(1).path("title").isNull())
                .as("no title at all is null, not blank")
                .isTrue();
    }

    @Test
    void the_sidecar_lists_every_source_with_its_number_or_null() throws Exception {
        Query q = query("heat pump efficiency in cold climates", null);

        Report report = builder()
                .build(
                        new Job("energy", List.of(q)),
                        0,
                        new SearchResults("tavily", null, List.of(), false),
                        mixedResults(q));

        JsonNode sidecar = new ObjectMapper().readTree(report.sidecarJson());
        assertThat(sidecar.get("ran_at").asText()).isEqualTo("2026-05-06T07:08:09Z");
        List<String> ns = new ArrayList<>();
        List<String> statuses = new ArrayList<>();
        sidecar.get("sources").forEach(s -> {
            ns.add(s.get("n").isNull() ? "-" : s.get("n").asText());
            statuses.add(s.get("status").asText() + "/" + s.get("outcome").asText());
        });
        assertThat(ns).containsExactly("1", "-", "2", "-");
        assertThat(statuses).containsExactly("fetched/ok", "failed/http_error", "fetched/ok", "skipped/robots_denied");
        assertThat(sidecar.get("findings").get(0).get("citations").toString()).isIn("[1,2]", "[2,1]");
    }
}
