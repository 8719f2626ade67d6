package dev.caravan.extract.clean;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.PageType;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class ContentRulesTest {

    private static final String PROSE = "<p>The harbour wall was rebuilt in stone, and the town paid for it over ten "
            + "years. Fishermen said the work was late, but the council kept to its plan.</p>";

    private static final String MORE_PROSE = "<p>The new wall cost twice the first estimate, and the harbour master "
            + "said it would stand for a century. Boats now moor inside it through the winter storms.</p>";

    private static final String BIO = "Jane Doe is a staff writer who covers coastal towns, their councils and "
            + "their harbours; before that she reported on fisheries for ten years.";

    private static Element pruned(String inner) {
        Element root = Jsoup.parse(
                        "<html><body><div id=\"root\">" + inner + "</div></body></html>", "https://example.com/a")
                .getElementById("root");
        CleaningRules.cleanContent(root, "Harbour wall", PageType.ARTICLE);
        return root;
    }

    @Test
    void an_author_marked_up_with_a_biography_goes_but_the_article_stays() {
        Element root = pruned(PROSE + "<div itemprop=\"author\" itemscope itemtype=\"https://schema.org/Person\">"
                + "<span itemprop=\"name\">Jane Doe</span><p itemprop=\"description\">" + BIO + "</p></div>");
        assertThat(root.text()).contains("harbour wall was rebuilt").doesNotContain("staff writer");
    }

    @Test
    void a_bare_author_name_is_too_short_to_be_a_box_and_stays() {
        Element root = pruned("<p>By <span itemprop=\"author\">Jane Doe</span></p>" + PROSE);
        assertThat(root.text()).contains("Jane Doe");
    }

    @ParameterizedTest
    @CsvSource({
        "h2,About the author",
        "h3,About the Authors",
        "h2,About the Reviewer",
        "h4,Meet the writer",
        "h3,Written by Jane Doe",
        "h2,Sources"
    })
    void a_section_about_the_writer_or_listing_the_sources_goes_with_its_heading(String tag, String heading) {
        Element root = pruned(PROSE + "<" + tag + ">" + heading + "</" + tag + "><p>" + BIO + "</p>");
        assertThat(root.text()).contains("harbour wall was rebuilt").doesNotContain("staff writer", heading);
    }

    @ParameterizedTest
    @CsvSource({"Shop TomboyX", "Check price here", "Get the Recipe", "Book a demo", "➡️ Try Stitch Fix"})
    void a_link_alone_in_its_paragraph_that_calls_to_buy_or_sign_up_goes(String button) {
        Element root =
                pruned(PROSE + "<p><strong><a href=\"https://shop.example.org/x\">" + button + "</a></strong></p>");
        assertThat(root.text()).contains("harbour wall was rebuilt").doesNotContain(button);
    }

    @Test
    void the_same_words_in_a_sentence_or_a_list_of_links_stay() {
        Element root = pruned(PROSE + "<p>You can <a href=\"/shop\">shop the local market</a> on Fridays.</p>"
                + "<ul><li><a href=\"https://other.example.net/guide\">Read the harbour guide</a></li>"
                + "<li><a href=\"https://other.example.net/map\">See the map</a></li></ul>");
        assertThat(root.text()).contains("shop the local market", "Read the harbour guide", "See the map");
    }

    @Test
    void a_heading_that_only_links_to_a_writers_page_goes_with_the_biography_under_it() {
        Element root = pruned(PROSE + "<h4><a href=\"https://example.com/news/author/jane-doe/\">Jane Doe</a></h4><p>"
                + BIO + "</p><h4>Costs</h4>" + MORE_PROSE);
        assertThat(root.text()).doesNotContain("Jane Doe", "staff writer").contains("Costs");
    }

    private static final String PHOTO =
            "<figure><img src=\"/img/wall.jpg\"><figcaption>The old wall in the storm. Photo: Jane Doe"
                    + "</figcaption></figure>";

    @Test
    void on_an_article_photo_captions_go_but_numbered_captions_quotes_and_cards_stay() {
        Element root = pruned(PROSE + PHOTO
                + "<figure><img src=\"/img/chart.png\"><figcaption>Figure 2. Storms per year</figcaption></figure>"
                + "<figure><blockquote><p>Great work on the wall.</p></blockquote><figcaption>Ana, a neighbour</figcaption>"
                + "</figure><figure><a href=\"/offers/spring\"><img src=\"/img/offer.svg\"></a><figcaption>Expires in May"
                + "</figcaption></figure>");
        assertThat(root.text())
                .doesNotContain("The old wall in the storm")
                .contains("Figure 2. Storms per year", "Ana, a neighbour", "Expires in May");
    }

    @Test
    void on_documentation_a_caption_explains_its_diagram_and_stays() {
        Element root = Jsoup.parse("<html><body><div id=\"root\">" + PROSE + PHOTO + "</div></body></html>")
                .getElementById("root");
        CleaningRules.cleanContent(root, "Harbour wall", PageType.DOCUMENTATION);
        assertThat(root.text()).contains("The old wall in the storm");
    }

    private static final String CARDS = "<ul><li><a href=\"/p/1\">Blue harbour mug, large</a> $12</li>"
            + "<li><a href=\"/p/2\">Green harbour mug, small</a> $10</li></ul>";

    private static Element prunedAs(String inner, PageType type) {
        Element root = Jsoup.parse(
                        "<html><body><div id=\"root\">" + inner + "</div></body></html>", "https://example.com/a")
                .getElementById("root");
        CleaningRules.cleanContent(root, null, type); // no title: every heading is the page's own
        return root;
    }

    @ParameterizedTest
    @CsvSource({
        "People who viewed this item also viewed",
        "Customers also bought",
        "Frequently bought together",
        "Similar items",
        "Explore related items",
        "This is what customers who viewed this product bought",
        "Shipping and return policies",
        "Shipping & Returns"
    })
    void on_a_product_page_a_box_of_other_products_goes_with_its_heading_nested_deeper_than_the_cards(String heading) {
        Element root = prunedAs(
                PROSE + "<section><div><div><h2>" + heading + "</h2></div></div><div>" + CARDS + "</div></section>",
                PageType.PRODUCT);
        assertThat(root.text()).contains("harbour wall was rebuilt").doesNotContain(heading, "Blue harbour mug");
    }

    @Test
    void the_box_of_other_products_never_takes_the_products_own_name_and_text() {
        Element root = prunedAs(
                PROSE + MORE_PROSE + "<section><div><h2>Similar items</h2></div><div>" + CARDS
                        + "</div><h1>Stone harbour mug</h1><p>Its glaze is a deep sea green.</p></section>",
                PageType.PRODUCT);
        assertThat(root.text()).contains("deep sea green").doesNotContain("Similar items");
    }

    @Test
    void on_an_article_a_heading_of_similar_items_is_the_articles_own() {
        Element root = prunedAs(
                PROSE + "<section><div><h2>Similar items</h2></div><div><p>" + BIO + "</p></div></section>",
                PageType.ARTICLE);
        assertThat(root.text()).contains("Similar items", "staff writer");
    }

    private static final String SECTION =
            "<p>Every bag is roasted in small batches, sealed the same day and shipped " + "within the week.</p>";

    @Test
    void a_block_repeated_for_another_screen_is_kept_once() {
        Element root = prunedAs(
                "<div class=\"desktop\">" + SECTION + "</div>" + PROSE + "<div class=\"mobile\">" + SECTION + "</div>",
                PageType.PRODUCT);
        assertThat(root.text().split("roasted in small batches", -1)).hasSize(2);
        assertThat(root.text()).contains("harbour wall was rebuilt");
    }

    @Test
    void a_copy_right_after_the_block_it_repeats_is_shown_twice_on_purpose_and_stays() {
        Element root = prunedAs(PROSE + SECTION + SECTION, PageType.PRODUCT);
        assertThat(root.text().split("roasted in small batches", -1)).hasSize(3);
    }

    @Test
    void a_reference_page_keeps_a_block_it_repeats() {
        Element root = prunedAs(SECTION + PROSE + SECTION, PageType.DOCUMENTATION);
        assertThat(root.text().split("roasted in small batches", -1)).hasSize(3);
    }

    @Test
    void an_article_keeps_a_short_line_it_repeats_such_as_a_menu_line_in_two_meal_plans() {
        Element root = prunedAs(
                "<h3>Monday</h3>" + PROSE + "<p>Oats, 1 cup berries, 1 tsp honey</p><h3>Tuesday</h3>" + MORE_PROSE
                        + "<p>Oats, 1 cup berries, 1 tsp honey</p>",
                PageType.ARTICLE);
        assertThat(root.text().split("cup berries", -1)).hasSize(3);
    }

    @Test
    void a_returns_label_in_the_offers_facts_is_no_section_of_terms_and_stays() {
        Element root = prunedAs(
                PROSE + MORE_PROSE + "<div><div><span>Returns:</span></div><div>30 days returns, buyer pays for return"
                        + " shipping.</div></div>",
                PageType.PRODUCT);
        assertThat(root.text()).contains("Returns:", "30 days returns");
    }
}
