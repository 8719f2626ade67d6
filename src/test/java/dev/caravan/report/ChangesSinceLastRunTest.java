package dev.caravan.report;

import static dev.caravan.testing.Pages.fetched;
import static dev.caravan.testing.Pages.task;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.model.Job;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.Report;
import dev.caravan.model.SearchResults;
import dev.caravan.testing.FakeClock;
import dev.caravan.testing.Pages;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "What changed since the last run": a report compared with the job's last report of the same query, found on disk in
 * an earlier run folder. One source added (D), one gone (C), one page changed (B), and so one finding new and one gone.
 */
class ChangesSinceLastRunTest {

    private static final String A = "https://a.example/glaciers";
    private static final String B = "https://b.example/alps";
    private static final String C = "https://c.example/bakery";
    private static final String D = "https://d.example/trains";
    private static final Query QUERY = Query.of("glacier retreat rate");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path out;

    private final FakeClock clock = FakeClock.at("2026-05-06T02:00:00Z");

    private ReportBuilder builder() {
        return new ReportBuilder(new ReportSettings(out, 10_000), Pages.selector(5, 2), clock);
    }

    private PageResult page(int order, String url, String title, String text) {
        return Pages.selector(5, 2).candidates(task(order, url), fetched(url, title, text), QUERY, false);
    }

    private List<PageResult> firstRun() {
        List<PageResult> pages = new ArrayList<>();
        pages.add(page(1, A, "Glaciers", "Glacier retreat rate doubled since the year 2000 across the world."));
        pages.add(page(2, B, "Alps", "In the Alps the glacier retreat rate was two metres per year."));
        pages.add(page(3, C, "Bakery", "Bakeries open early in the morning with fresh bread."));
        return pages;
    }

    private List<PageResult> secondRun() {
        List<PageResult> pages = new ArrayList<>();
        pages.add(page(1, A, "Glaciers", "Glacier retreat rate doubled since the year 2000 across the world."));
        pages.add(page(2, B, "Alps", "In the Alps the glacier retreat rate reached five metres per year."));
        pages.add(page(3, D, "Trains", "Trains leave the station at noon on weekdays."));
        return pages;
    }

    private Report run(String label, List<PageResult> pages) {
        Report report = builder()
                .build(
                        new Job("glaciers", List.of(QUERY), label),
                        0,
                        new SearchResults("tavily", null, List.of(), false),
                        pages);
        new ReportWriter().write(report);
        clock.advance(Duration.ofDays(1));
        return report;
    }

    @Test
    void the_first_report_of_a_query_has_no_changes_section_and_null_changes() throws Exception {
        Report first = run("2026-05-06T020000Z", firstRun());

        assertThat(first.markdown()).doesNotContain("## Since the last run");
        assertThat(first.changes()).isEqualTo(-1);
        assertThat(JSON.readTree(first.sidecarJson()).get("changes").isNull()).isTrue();
    }

    @Test
    void the_changes_list_exactly_one_source_added_one_gone_one_page_changed_one_finding_new_and_one_gone()
            throws Exception {
        Report first = run("2026-05-06T020000Z", firstRun());
        Report second = run("2026-05-07T020000Z", secondRun());

        JsonNode before = JSON.readTree(first.sidecarJson());
        assertThat(texts(before.path("findings"), "text"))
                .containsExactlyInAnyOrder(
                        "Glacier retreat rate doubled since the year 2000 across the world.",
                        "In the Alps the glacier retreat rate was two metres per year.");
        JsonNode changes = JSON.readTree(second.sidecarJson()).path("changes");
        assertThat(changes.path("since").asText()).isEqualTo("2026-05-06T02:00:00Z");
        assertThat(changes.path("previous_report").asText())
                .isEqualTo(first.markdownFile().toString());
        assertThat(texts(changes.path("new_sources"), "url")).containsExactly(D);
        assertThat(changes.path("new_sources").get(0).path("n").asInt()).isEqualTo(3);
        assertThat(texts(changes.path("gone_sources"), "url")).containsExactly(C);
        assertThat(changes.path("gone_sources").get(0).path("note").asText()).isEqualTo("not returned this time");
        assertThat(texts(changes.path("changed_pages"), "url")).containsExactly(B);
        assertThat(texts(changes.path("new_findings"), null))
                .containsExactly("In the Alps the glacier retreat rate reached five metres per year.");
        assertThat(texts(changes.path("gone_findings"), null))
                .containsExactly("In the Alps the glacier retreat rate was two metres per year.");
        assertThat(changes.path("count").asInt()).isEqualTo(5);
        assertThat(second.changes()).isEqualTo(5);

        String md = second.markdown();
        String section = md.substring(md.indexOf("## Since the last run"), md.indexOf("## Key findings"));
        assertThat(section).isEqualTo("""
                        ## Since the last run (2026-05-06 02:00:00 UTC)

                        **New sources (1)**

                        - [3] Trains — <https://d.example/trains>

                        **Sources no longer in the report (1)**

                        - Bakery — <https://c.example/bakery> (not returned this time)

                        **Pages whose content changed (1)**

                        - [2] Alps — <https://b.example/alps>

                        **New findings (1)**

                        - In the Alps the glacier retreat rate reached five metres per year.

                        **Findings gone (1)**

                        - In the Alps the glacier retreat rate was two metres per year.

                        """);
    }

    @Test
    void a_run_that_changed_nothing_says_so_in_one_line() {
        run("2026-05-06T020000Z", firstRun());
        Report second = run("2026-05-07T020000Z", firstRun());

        String md = second.markdown();
        assertThat(md.substring(md.indexOf("## Since the last run"), md.indexOf("## Key findings")))
                .isEqualTo("## Since the last run (2026-05-06 02:00:00 UTC)\n\n"
                        + "_Nothing changed since the last run: the same sources, pages and findings._\n\n");
        assertThat(second.changes()).isZero();
    }

    @Test
    void the_last_run_is_the_newest_earlier_run_of_the_same_query_not_a_later_one() throws Exception {
        run("2026-05-06T020000Z", firstRun());
        run("2026-05-08T020000Z", firstRun()); // a later run: not "the last run" of a run resumed in between
        Report resumed = run("2026-05-07T020000Z", secondRun());

        JsonNode changes = JSON.readTree(resumed.sidecarJson()).path("changes");
        assertThat(changes.path("previous_report").asText()).contains("2026-05-06T020000Z");
    }

    private static List<String> texts(JsonNode array, String field) {
        List<String> texts = new ArrayList<>();
        for (JsonNode n : array)
            texts.add(field == null ? n.asText() : n.path(field).asText());
        return texts;
    }
}
