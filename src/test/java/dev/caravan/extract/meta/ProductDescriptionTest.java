package dev.caravan.extract.meta;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class ProductDescriptionTest {

    private static final String TEXT = "A dark roast of arabica and robusta beans, slow roasted in small batches for a"
            + " smooth, bold cup. Certified organic and fair trade. Grind it fine for espresso or coarse for a"
            + " French press, and keep the bag sealed in a cool, dry place. Each bag holds a pound of whole beans,"
            + " enough for about forty cups.";

    private static Document page(String type, String description) {
        return Jsoup.parse("<html><head><script type=\"application/ld+json\">{\"@context\":\"https://schema.org\","
                + "\"@type\":\"" + type + "\",\"name\":\"Dark Roast\",\"description\":\"" + description
                + "\"}</script></head><body><p>$19.99</p></body></html>");
    }

    @ParameterizedTest
    @CsvSource({"Product,true", "Organization,false", "Article,false"})
    void only_a_products_description_is_read(String type, boolean read) {
        assertThat(ProductDescription.read(JsonLd.objects(page(type, TEXT))) != null)
                .isEqualTo(read);
    }

    @Test
    void a_description_without_spaces_is_no_text() {
        assertThat(ProductDescription.read(JsonLd.objects(page("Product", "A%20dark%20roast%20of%20arabica"))))
                .isNull();
    }

    @Test
    void the_description_stands_for_a_page_that_yielded_less_than_it() {
        Element content = Jsoup.parse("<div>Skip to content</div>").body();
        Element chosen = ProductDescription.preferred(content, TEXT, "");
        assertThat(chosen.text()).isEqualTo(TEXT);
    }

    @Test
    void the_description_does_not_stand_for_a_page_that_yielded_far_more() {
        Element content = Jsoup.parse("<div><p>" + TEXT + "</p><p>" + TEXT.repeat(3) + "</p></div>")
                .body();
        assertThat(ProductDescription.preferred(content, TEXT, "")).isSameAs(content);
    }

    @Test
    void a_tagline_is_too_short_to_stand_for_anything() {
        Element content = Jsoup.parse("<div>Skip to content</div>").body();
        assertThat(ProductDescription.preferred(content, "Bold dark roast.", ""))
                .isSameAs(content);
    }

    @Test
    void markup_in_the_description_is_kept_and_lines_become_paragraphs() {
        assertThat(ProductDescription.asHtml("<h4>Bold</h4><p>Smooth &amp; dark.</p>", "")
                        .select("h4, p"))
                .hasSize(2);
        Element lines = ProductDescription.asHtml("Bold days.\nSubscribe &amp; save.", "");
        assertThat(lines.select("p")).hasSize(2);
        assertThat(lines.text()).contains("Subscribe & save.");
    }
}
