package dev.caravan.extract.meta;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.PageType;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The signals of a page's type: JSON-LD types, URL words, the front page of a site, repeated cards. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class PageTypeDetectorTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a question with its answers is a thread | "@type":"QAPage","mainEntity":{"@type":"Question","acceptedAnswer":{"@type":"Answer"}} | FORUM
            questions and answers without FAQPage   | "@type":"Question","acceptedAnswer":{"@type":"Answer"}                            | FORUM
            the questions of an FAQ are no thread   | "@type":"FAQPage","mainEntity":[{"@type":"Question","acceptedAnswer":{"@type":"Answer"}}] | ARTICLE
            """)
    void json_ld_questions_and_answers_make_a_forum_unless_they_form_an_faq(
            String what, String jsonLd, PageType expected) {
        String html = "<html><head><script type=\"application/ld+json\">{\"@context\":\"https://schema.org\"," + jsonLd
                + "}</script></head><body><p>Some text.</p></body></html>";
        PageType type = new PageTypeDetector().detect(Jsoup.parse(html), "https://example.com/page", null);
        assertThat(type).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} is a forum address")
    @CsvSource({
        "https://bbs.example.org/viewtopic.php?id=309936",
        "https://www.example.org/community/index.php?topic=589061.0",
        "https://www.example.org/community/index.php?board=3&topic=589061.0"
    })
    void a_bulletin_board_host_or_a_topic_in_the_query_adds_to_the_forum_url_words(String url) {
        String html = "<html><body><p>Some text.</p></body></html>";
        assertThat(new PageTypeDetector().detect(Jsoup.parse(html), url, null)).isEqualTo(PageType.FORUM);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "https://wiki.example.org/wiki/List_of_lighthouses",
        "https://books.example.com/list/show/12.best_novels",
        "https://papers.example.org/cs/list"
    })
    void a_url_that_names_a_list_makes_a_listing_even_when_json_ld_says_article(String url) {
        String html = "<html><head><script type=\"application/ld+json\">{\"@type\":\"Article\"}</script></head>"
                + "<body><p>Some text.</p></body></html>";
        assertThat(new PageTypeDetector().detect(Jsoup.parse(html), url, "2026-01-01"))
                .isEqualTo(PageType.LISTING);
    }

    @Test
    void a_front_page_that_says_nothing_else_is_not_taken_for_an_article() {
        String html = "<html><body><h1>Greenfield Studio</h1><p>We design gardens.</p></body></html>";
        PageType type = new PageTypeDetector().detect(Jsoup.parse(html), "https://greenfield.example.com/", null);
        assertThat(type).isEqualTo(PageType.SERVICE);
    }

    @Test
    void a_front_page_made_of_many_linked_cards_is_a_listing() {
        StringBuilder html = new StringBuilder("<html><body><main><div class=\"posts\">");
        for (int i = 0; i < 12; i++)
            html.append("<div class=\"card\"><h2><a href=\"/post-")
                    .append(i)
                    .append("\">Post ")
                    .append(i)
                    .append("</a></h2><p>A teaser.</p></div>");
        html.append("</div></main></body></html>");
        PageType type =
                new PageTypeDetector().detect(Jsoup.parse(html.toString()), "https://blog.example.com/", "2026-03-01");
        assertThat(type).isEqualTo(PageType.LISTING);
    }
}
