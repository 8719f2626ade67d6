package dev.caravan.pages;

import static dev.caravan.testing.Pages.failed;
import static dev.caravan.testing.Pages.fetched;
import static dev.caravan.testing.Pages.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.FetchOutcome;
import dev.caravan.model.Finding;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.testing.Pages;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FindingSelectorTest {

    private static final Query QUERY = Query.of("heat pump efficiency in cold climates");

    private static final String PAGE_A = """
            # Heat pumps explained
            Heat pump efficiency drops slowly in cold climates. The company was founded in a small garage.
            A heat pump moves warmth instead of burning any fuel. Cold climates were once thought unsuitable for any pump.
            Efficiency ratings are published by national test laboratories. Pumps work.
            """;

    private static final String PAGE_B = """
            Independent tests agree. Heat pump efficiency drops slowly in cold climates, tests show.
            Installers in cold climates report far fewer heat pump failures than expected.
            """;

    private final FindingSelector selector = Pages.selector(5, 2);

    private PageResult result(int order, String text) {
        return selector.candidates(
                task(order, "https://site" + order + ".example/"),
                fetched("https://site" + order + ".example/", "T" + order, text),
                QUERY,
                false);
    }

    @Test
    void a_page_that_was_not_fetched_has_no_candidates() {
        PageResult r = selector.candidates(
                task(1, "https://x.example/"),
                failed("https://x.example/", FetchOutcome.HTTP_ERROR, "HTTP 404 Not Found", 404),
                QUERY,
                true);

        assertThat(r.candidates()).isEmpty();
        assertThat(r.fromCache()).isTrue();
    }

    @Test
    void near_duplicates_from_two_pages_merge_into_one_finding_citing_both() {
        List<Finding> findings = selector.select(
                        QUERY, List.of(result(1, PAGE_A), result(2, PAGE_B)), Map.of(1, 1, 2, 2))
                .findings();

        assertThat(findings.get(0).text()).startsWith("Heat pump efficiency drops slowly in cold climates");
        assertThat(findings.get(0).citations()).containsExactlyInAnyOrder(1, 2);
        assertThat(findings)
                .extracting(Finding::text)
                .filteredOn(t -> t.startsWith("Heat pump efficiency drops"))
                .hasSize(1);
    }

    @Test
    void citations_use_the_citation_numbers_not_the_task_order() {
        List<Finding> findings = selector.select(
                        QUERY, List.of(result(3, PAGE_A), result(7, PAGE_B)), Map.of(3, 1, 7, 2))
                .findings();

        assertThat(findings.get(0).citations()).containsExactlyInAnyOrder(1, 2);
        assertThat(findings).allSatisfy(f -> assertThat(f.citations()).isSubsetOf(1, 2));
    }

    @Test
    void no_source_gives_more_findings_than_its_cap() {
        FindingSelector onePerSource = Pages.selector(5, 1);
        PageResult a = onePerSource.candidates(
                task(1, "https://a.example/"), fetched("https://a.example/", "A", PAGE_A), QUERY, false);

        assertThat(onePerSource.select(QUERY, List.of(a), Map.of(1, 1)).findings())
                .extracting(Finding::text)
                .containsExactly("Heat pump efficiency drops slowly in cold climates.");
    }

    @Test
    void the_number_of_findings_is_capped() {
        FindingSelector one = Pages.selector(1, 5);
        List<PageResult> pages = List.of(
                one.candidates(task(1, "https://a.example/"), fetched("https://a.example/", "A", PAGE_A), QUERY, false),
                one.candidates(
                        task(2, "https://b.example/"), fetched("https://b.example/", "B", PAGE_B), QUERY, false));

        List<Finding> findings = one.select(QUERY, pages, Map.of(1, 1, 2, 2)).findings();

        assertThat(findings).hasSize(1);
        assertThat(findings.get(0).citations()).containsExactlyInAnyOrder(1, 2);
    }

    @Test
    void pages_without_a_citation_number_are_never_quoted() {
        List<Finding> findings = selector.select(QUERY, List.of(result(1, PAGE_A), result(2, PAGE_B)), Map.of(2, 1))
                .findings();

        assertThat(findings)
                .isNotEmpty()
                .allSatisfy(f -> assertThat(f.citations()).containsExactly(1));
        assertThat(findings)
                .extracting(Finding::text)
                .allSatisfy(t -> assertThat(PAGE_B).contains(t));
    }

    @Test
    void every_finding_is_found_verbatim_in_the_page_it_cites_first() {
        List<Finding> findings = selector.select(
                        QUERY, List.of(result(1, PAGE_A), result(2, PAGE_B)), Map.of(1, 1, 2, 2))
                .findings();

        assertThat(findings).isNotEmpty().allSatisfy(f -> {
            String page = f.citations().get(0) == 1 ? PAGE_A : PAGE_B;
            assertThat(page).contains(f.text());
        });
    }

    @Test
    void every_cited_source_gets_its_relevance_and_most_relevant_passage() {
        FindingSelector.Selection selection = selector.select(
                QUERY,
                List.of(result(1, PAGE_A), result(2, "The museum opens at nine and closes at five on weekdays.")),
                Map.of(1, 1, 2, 2));

        assertThat(selection.sources().get(1).relevant()).isTrue();
        assertThat(selection.sources().get(1).bestPassage())
                .isEqualTo("Heat pump efficiency drops slowly in cold climates.");
        assertThat(selection.sources().get(2).relevant()).isFalse();
        assertThat(selection.sources().get(2).relevance()).isZero();
        assertThat(selection.findings())
                .allSatisfy(f -> assertThat(f.citations()).containsExactly(1));
    }
}
