package dev.caravan.extract.find;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BlockScorerTest {

    private static final String PROSE = "Tidal mills turned the rising sea into work, twice a day, for centuries. "
            + "Their ponds filled on the flood and drove the wheel on the ebb, quietly and cheaply.";

    private static Document page(String body) {
        return Jsoup.parse("<html><body>" + body + "</body></html>");
    }

    @ParameterizedTest(name = "{0} letters, {1} in links, {2} punctuation: {3}")
    @CsvSource({
        "20, 0, 0, 0", // too short to be prose
        "100, 0, 0, 2",
        "100, 50, 2, 1.25", // half of it links: half the score
        "1000, 0, 40, 13", // length and punctuation are capped
    })
    void a_text_block_scores_by_length_punctuation_and_few_links(int letters, int links, int punct, double score) {
        assertThat(BlockScorer.blockScore(letters, links, punct)).isCloseTo(score, within(1e-9));
    }

    @Test
    void letters_and_link_letters_are_counted_for_every_element() {
        Document doc = page("<div id=d><p>Plain words here.</p><a href=/x>link words</a></div>");
        BlockScorer scorer = new BlockScorer(doc.body());
        Element div = doc.getElementById("d");

        // letters are the characters that are not white space
        assertThat(scorer.letters(div)).isEqualTo("Plainwordshere.".length() + "linkwords".length());
        assertThat(scorer.linkLetters(div)).isEqualTo("linkwords".length());
        assertThat(scorer.linkDensity(div)).isCloseTo(9.0 / 24, within(1e-9));
        assertThat(scorer.punctuation(div)).isEqualTo(1);
    }

    @Test
    void a_paragraph_hands_its_score_up_in_full_then_half_then_a_quarter() {
        // plain divs with neutral ids: no tag or class weight on top of the prose score
        Document doc = page("<div id=s><div id=a><div id=d><p>" + PROSE + "</p></div></div></div>");
        BlockScorer scorer = new BlockScorer(doc.body());
        double p = scorer.candidateScore(doc.getElementById("d"));

        assertThat(p).isGreaterThan(0);
        assertThat(scorer.candidateScore(doc.getElementById("a"))).isCloseTo(p / 2, within(1e-9));
        assertThat(scorer.candidateScore(doc.getElementById("s"))).isCloseTo(p / 4, within(1e-9));
        assertThat(scorer.candidateScore(doc.body())).isZero();
        assertThat(scorer.candidates()).extracting(Element::id).containsExactly("s", "a", "d"); // document order
        assertThat(scorer.prose(doc.body())).isCloseTo(p, within(1e-9));
    }

    @Test
    void an_element_with_its_own_prose_and_block_children_keeps_the_score_itself() {
        Document doc = page("<div id=outer><div id=mixed>" + PROSE + "<p>A short note.</p></div></div>");
        BlockScorer scorer = new BlockScorer(doc.body());

        double mixed = scorer.candidateScore(doc.getElementById("mixed"));
        assertThat(mixed).isGreaterThan(scorer.candidateScore(doc.getElementById("outer")));
    }

    @Test
    void headings_and_link_lists_give_no_prose() {
        Document doc = page("<div id=d><h1>" + PROSE + "</h1><ul><li><a href=/a>" + PROSE + "</a></li></ul></div>");
        BlockScorer scorer = new BlockScorer(doc.body());

        assertThat(scorer.candidateScore(doc.getElementById("d"))).isZero();
        assertThat(scorer.prose(doc.body())).isZero();
    }
}
