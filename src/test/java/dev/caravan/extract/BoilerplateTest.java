package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

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

    @ParameterizedTest(name = "{0} on a service page is furniture: {1}")
    @CsvSource({"help better__follow-up google-testimonials, false", "social-follow, true", "main-menu, false"})
    void follow_ups_on_a_service_page_are_content_but_social_boxes_are_not(String signature, boolean furniture) {
        assertThat(Boilerplate.hasWord(signature, Boilerplate.NEGATIVE_ON_SERVICE))
                .isEqualTo(furniture);
    }
}
