package dev.caravan.extract.dom;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.PageType;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class BoilerplateTest {

    @ParameterizedTest(name = "{0} is furniture: {1}")
    @CsvSource({
        "elementor-author-box, true",
        "bdc-dzftng-AuthorBio e1ncjudh0, true",
        "cs-entry__author-description, true",
        "author-card, true",
        "blog_author-box, true",
        "skip-link screen-reader-text, true",
        "skip-to-content, true",
        "skip-item, false",
        "author-name, false",
        "entry-content, false"
    })
    void writer_boxes_and_skip_links_are_furniture_but_items_named_skip_are_not(String signature, boolean furniture) {
        assertThat(Boilerplate.hasWord(signature, Boilerplate.NEGATIVE)).isEqualTo(furniture);
    }

    @ParameterizedTest(name = "a rating on a {0} page is furniture: {1}")
    @CsvSource({"ARTICLE, true", "COLLECTION, false", "LISTING, false"})
    void a_star_rating_belongs_to_the_cards_of_a_grid_but_not_to_an_article(PageType type, boolean furniture) {
        Element rating = Jsoup.parse("<div class=\"a-icon-row rating\">4.7 out of 5 stars</div>")
                .selectFirst("div");
        assertThat(Boilerplate.isNegative(rating, type)).isEqualTo(furniture);
    }

    @ParameterizedTest(name = "{0} on a service page is furniture: {1}")
    @CsvSource({"help better__follow-up google-testimonials, false", "social-follow, true", "main-menu, false"})
    void follow_ups_on_a_service_page_are_content_but_social_boxes_are_not(String signature, boolean furniture) {
        assertThat(Boilerplate.hasWord(signature, Boilerplate.NEGATIVE_ON_SERVICE))
                .isEqualTo(furniture);
    }

    @ParameterizedTest(name = "{0} is furniture: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "<section id='receive-and-reply-to-an-inbound-message-section'><h2>Receive and reply to an inbound message</h2><p>Text</p></section> | false",
                "<h2 id='how-to-share-a-workspace-with-others'>How to share a workspace with others</h2> | false",
                "<section id='leave-a-reply'><h3>Leave a reply</h3><form></form></section> | true",
                "<section id='comments-and-replies-to-this-post'><h3>Comments</h3></section> | true"
            })
    void an_id_spelling_out_a_long_heading_is_an_anchor_not_furniture(String html, boolean furniture) {
        Element e = Jsoup.parse(html).body().child(0);
        assertThat(Boilerplate.isNegative(e, PageType.DOCUMENTATION)
                        || Boilerplate.isStrongNegative(e, PageType.DOCUMENTATION))
                .isEqualTo(furniture);
    }

    @ParameterizedTest(name = "{0} on a {1} page is a comment or consent box: {2}")
    @CsvSource({
        "docComments, DOCUMENTATION, true",
        "cookieConsentBanner, ARTICLE, true",
        "numReplies, LISTING, false",
        "commentCount, ARTICLE, false",
        "docComments, FORUM, false"
    })
    void a_camel_case_name_of_comments_or_consent_is_a_strong_signal(String id, PageType type, boolean strong) {
        Element e = Jsoup.parse("<div id=\"" + id + "\">text</div>").selectFirst("div");
        assertThat(Boilerplate.isStrongNegative(e, type)).isEqualTo(strong);
    }
}
