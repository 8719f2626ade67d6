package dev.caravan.report;

import static dev.caravan.report.Pages.failed;
import static dev.caravan.report.Pages.fetched;
import static dev.caravan.report.Pages.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.FetchOutcome;
import dev.caravan.model.Finding;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.Sentence;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FindingSelectorTest {

    private static final Query QUERY = Query.of("heat pump efficiency in cold climates");

    private static final String PAGE_A = """
            # Heat pumps explained

            Heat pump **efficiency** drops slowly in cold climates. The company was founded in a small garage.
            A heat pump moves warmth instead of burning any fuel. Cold climates were once thought unsuitable for any pump.
            Efficiency ratings are published by national test laboratories. Pumps work.
            """;

    private static final String PAGE_B = """
            Independent tests agree. Heat pump efficiency drops slowly in cold climates, tests show.
            Installers in cold climates report far fewer heat pump failures than expected.
            """;

    private final FindingSelector selector = new FindingSelector(new ReportSettings(Path.of("out"), 10_000, 5, 2));

    private PageResult result(int order, String markdown) {
        return selector.candidates(task(order, "https://site" + order + ".example/"),
                fetched("https://site" + order + ".example/", "T" + order, markdown), QUERY, false);
    }

    @Test
    void candidates_are_verbatim_sentences_that_mention_the_query_best_first() {
        List<Sentence> ranked = selector.rank(PAGE_A, QUERY);

        assertThat(ranked).extracting(Sentence::text).containsExactly(
                "Heat pump efficiency drops slowly in cold climates.",
                "Cold climates were once thought unsuitable for any pump.",
                "A heat pump moves warmth instead of burning any fuel.",
                "Efficiency ratings are published by national test laboratories.");
        assertThat(ranked.get(0).score()).isGreaterThan(ranked.get(1).score());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "Heat pumps work.",
            "heat pump efficiency drops slowly in cold climates.",
            "Heat pump efficiency drops slowly in cold climates",
            "Heat pump 1234 5678 9012 3456 7890 1234 5678 9012 efficiency.",
            "The company was founded in a small garage long ago."})
    void sentences_that_are_too_short_fragments_mostly_numbers_or_off_topic_are_not_candidates(String sentence) {
        assertThat(selector.rank(sentence, QUERY)).isEmpty();
    }

    @Test
    void a_query_without_text_ranks_sentences_by_position() {
        Query pagesOnly = new Query(null, null, null, null, null, null, null, null, List.of("https://a.example/"));

        assertThat(selector.rank("The first sentence is right here. The second sentence follows it closely.", pagesOnly))
                .extracting(Sentence::text)
                .containsExactly("The first sentence is right here.", "The second sentence follows it closely.");
    }

    @Test
    void at_most_eight_candidates_are_kept_per_page() {
        StringBuilder page = new StringBuilder();
        for (int i = 0; i < 12; i++) page.append("Heat pump model number ").append(i).append(" works in the cold. ");

        assertThat(selector.rank(page.toString(), QUERY)).hasSize(FindingSelector.CANDIDATES_PER_PAGE);
    }

    @Test
    void a_page_that_was_not_fetched_has_no_candidates() {
        PageResult r = selector.candidates(task(1, "https://x.example/"),
                failed("https://x.example/", FetchOutcome.HTTP_ERROR, "HTTP 404 Not Found", 404), QUERY, true);

        assertThat(r.candidates()).isEmpty();
        assertThat(r.fromCache()).isTrue();
    }

    @Test
    void near_duplicates_from_two_pages_merge_into_one_finding_citing_both() {
        List<Finding> findings = selector.select(List.of(result(1, PAGE_A), result(2, PAGE_B)), Map.of(1, 1, 2, 2));

        assertThat(findings).first().isEqualTo(
                new Finding("Heat pump efficiency drops slowly in cold climates.", List.of(1, 2)));
        assertThat(findings).extracting(Finding::text)
                .doesNotContain("Heat pump efficiency drops slowly in cold climates, tests show.");
    }

    @Test
    void citations_use_the_citation_numbers_not_the_task_order() {
        List<Finding> findings = selector.select(List.of(result(3, PAGE_A), result(7, PAGE_B)), Map.of(3, 1, 7, 2));

        assertThat(findings.get(0).citations()).containsExactly(1, 2);
        assertThat(findings).allSatisfy(f -> assertThat(f.citations()).isSubsetOf(1, 2));
    }

    @Test
    void no_source_gives_more_findings_than_its_cap() {
        List<Finding> findings = selector.select(List.of(result(1, PAGE_A)), Map.of(1, 1));

        assertThat(findings).containsExactly(
                new Finding("Heat pump efficiency drops slowly in cold climates.", List.of(1)),
                new Finding("Cold climates were once thought unsuitable for any pump.", List.of(1)));
    }

    @Test
    void the_number_of_findings_is_capped() {
        FindingSelector one = new FindingSelector(new ReportSettings(Path.of("out"), 10_000, 1, 5));

        List<Finding> findings = one.select(List.of(result(1, PAGE_A), result(2, PAGE_B)), Map.of(1, 1, 2, 2));

        assertThat(findings).containsExactly(
                new Finding("Heat pump efficiency drops slowly in cold climates.", List.of(1, 2)));
    }

    @Test
    void pages_without_a_citation_number_are_never_quoted() {
        List<Finding> findings = selector.select(List.of(result(1, PAGE_A), result(2, PAGE_B)), Map.of(2, 1));

        assertThat(findings).isNotEmpty().allSatisfy(f -> assertThat(f.citations()).containsExactly(1));
        assertThat(findings).extracting(Finding::text).allSatisfy(t -> assertThat(PAGE_B).contains(t));
    }

    @Test
    void every_finding_is_a_sentence_found_verbatim_in_a_cited_page() {
        List<Finding> findings = selector.select(List.of(result(1, PAGE_A), result(2, PAGE_B)), Map.of(1, 1, 2, 2));

        String plainA = dev.caravan.text.PlainText.of(PAGE_A);
        assertThat(findings).hasSize(3).allSatisfy(f -> {
            String page = f.citations().get(0) == 1 ? plainA : PAGE_B;
            assertThat(page).contains(f.text());
        });
    }
}
