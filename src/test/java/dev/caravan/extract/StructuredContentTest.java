package dev.caravan.extract;

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
class StructuredContentTest {

    private static final String DESCRIPTION =
            "<div class=\"product-description\"><p>A light daypack of ripstop nylon with a "
                    + "rain cover, two side pockets and a padded back panel; it holds twenty-five litres.</p><p>Weight: 1 lb 13 oz. "
                    + "Volume: 25 litres. Frame: internal sheet. Hip belt: removable, with a web tensioner.</p></div>";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            customer reviews                  | <section id="reviews"><h2>Reviews</h2><p>Great pack, wore it all summer.</p></section>
            a ratings block                   | <div class="product-ratings">4.5 stars from 120 buyers</div>
            testimonials                      | <div class="testimonials-slider"><p>Best purchase ever.</p></div>
            products seen by the same buyers  | <div class="recently-viewed"><a href="/p/2">Another pack</a></div>
            """)
    void a_product_page_loses_what_sits_beside_the_product(String what, String beside) {
        Element body = Jsoup.parse("<main>" + DESCRIPTION + beside + "</main>").body();
        Element region = StructuredContent.region(body);
        StructuredContent.dropBesideContent(region, PageType.PRODUCT);
        assertThat(region.text()).contains("ripstop nylon", "Hip belt");
        assertThat(region.select("#reviews, .product-ratings, .testimonials-slider, .recently-viewed"))
                .isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            the poster's title   | <h5 class="message-userTitle">Full Member</h5>
            the poster's extras  | <div class="message-userExtras">Joined Jun 2016 Messages 11 Reaction score 10</div>
            a signature          | <div class="post-signature">My bikes: a tourer and a fixie.</div>
            reputation           | <span class="reputation-score">4,726</span>
            """)
    void a_forum_thread_loses_what_sits_beside_each_post(String what, String beside) {
        Element body = Jsoup.parse("<div class=\"post\"><p>My chain slips on the smallest sprocket; the derailleur "
                        + "looks fine and the chain is new.</p>" + beside + "</div>")
                .body();
        StructuredContent.dropBesideContent(body, PageType.FORUM);
        assertThat(body.text()).contains("My chain slips").doesNotContain("Full Member", "Joined", "My bikes", "4,726");
    }

    private static final String GRID = "<ul class=\"product-grid\"><li><a href=\"/p/1\">Trail helmet</a> $95</li>"
            + "<li><a href=\"/p/2\">Road helmet</a> $120</li><li><a href=\"/p/3\">Kids' helmet</a> $40</li></ul>";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a facet panel       | <aside class="search-facets"><h3>Brand</h3><a href="?b=1">Giro</a><a href="?b=2">Smith</a></aside>
            a filter bar        | <div class="plp-filters"><button>Filter</button><span>Size</span></div>
            a sort menu         | <div class="sort-by"><label>Sort: Best Match</label></div>
            the count of items  | <p class="product-count">143 results</p>
            """)
    void a_collection_page_loses_the_controls_of_its_grid(String what, String beside) {
        Element body = Jsoup.parse("<main>" + beside + GRID + "</main>").body();
        Element region = StructuredContent.region(body);
        StructuredContent.dropBesideContent(region, PageType.COLLECTION);
        assertThat(region.text())
                .contains("Trail helmet", "Kids' helmet")
                .doesNotContain("Giro", "Filter", "Sort", "143 results");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            to '#'              | #                      | false
            to no address       | ''                     | false
            to a script         | javascript:void(0)     | false
            to a page           | /compare?ids=1,2       | true
            """)
    void a_link_playing_a_button_goes_unless_it_leads_somewhere(String what, String href, boolean kept) {
        Element body = Jsoup.parse("<main>" + GRID + "<a class=\"action\" role=\"button\" href=\"" + href
                        + "\">Add to Compare</a></main>")
                .body();
        Element region = StructuredContent.region(body);
        StructuredContent.dropBesideContent(region, PageType.COLLECTION);
        assertThat(region.text().contains("Add to Compare")).isEqualTo(kept);
        assertThat(region.text()).contains("Trail helmet");
    }

    @ParameterizedTest(name = "on a {0} page")
    @CsvSource({"COLLECTION", "LISTING"})
    void a_heading_whose_id_is_its_own_words_is_no_control(PageType type) {
        Element body = Jsoup.parse("<main><h3 id=\"bloom-filter\">Bloom filter</h3><p>A set that may answer yes "
                        + "wrongly but never no wrongly.</p>" + GRID + "</main>")
                .body();
        Element region = StructuredContent.region(body);
        StructuredContent.dropBesideContent(region, type);
        assertThat(region.text()).contains("Bloom filter", "Trail helmet");
    }

    @ParameterizedTest(name = "a {0} page keeps them")
    @CsvSource({"ARTICLE", "SERVICE", "LISTING"})
    void other_pages_keep_blocks_named_review(PageType type) {
        Element body = Jsoup.parse(
                        "<main>" + DESCRIPTION + "<div class=\"review-body\"><p>Our verdict.</p></div></main>")
                .body();
        Element region = StructuredContent.region(body);
        StructuredContent.dropBesideContent(region, type);
        assertThat(region.text()).contains("Our verdict.");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a tab panel by role                 | <div role="tabpanel" hidden><p>Specifications: 25 litres, 1 lb 13 oz.</p></div>                       | true
            a collapsed accordion by class      | <div class="accordion__content" style="visibility: hidden"><p>Course details.</p></div>             | true
            a collapsed panel by class          | <div class="collapse" aria-hidden="true"><p>Answer to the question.</p></div>                       | true
            a hidden cookie notice              | <div class="cookie-notice" hidden><p>We use cookies.</p></div>                                      | false
            """)
    void collapsed_tab_and_accordion_panels_are_panels(String what, String html, boolean panel) {
        Element e = Jsoup.parse(html).body().child(0);
        assertThat(StructuredContent.isPanel(e)).isEqualTo(panel);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            an accordion trigger              | <button aria-expanded="false" aria-controls="c1">Work Team Concepts</button> | true
            a tab                             | <button role="tab" aria-controls="specs">Specifications</button>             | true
            a menu toggle with a popup        | <button aria-expanded="false" aria-haspopup="true">Menu</button>             | false
            an add-to-cart button             | <button class="add-to-cart">Add to cart</button>                           | false
            """)
    void a_button_that_opens_a_panel_names_it(String what, String html, boolean trigger) {
        Element e = Jsoup.parse(html).body().child(0);
        assertThat(StructuredContent.isPanelTrigger(e)).isEqualTo(trigger);
    }

    @Test
    void the_cleaner_keeps_a_collapsed_accordion_with_its_title() {
        org.jsoup.nodes.Document doc = Jsoup.parse("<main><h1>Courses</h1><div class=\"accordion\">"
                + "<button aria-expanded=\"false\" aria-controls=\"c1\">Project Cost Management</button>"
                + "<div id=\"c1\" class=\"accordion__content\" style=\"visibility: hidden\"><p>Financial strategies for"
                + " projects.</p></div></div><div class=\"popup\" hidden>Sign up now</div></main>");
        new DomCleaner().clean(doc, true, PageType.SERVICE);
        assertThat(doc.body().text())
                .contains("Project Cost Management", "Financial strategies")
                .doesNotContain("Sign up");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "https://shop.example.com/collections/rain-jackets, COLLECTION",
        "https://guides.example.com/list/rain-jackets,      LISTING"
    })
    void a_category_or_list_page_with_a_written_guide_gives_the_guide_not_the_grid(String url, PageType expected) {
        StringBuilder html = new StringBuilder("<html><body><main><h1>Rain jackets</h1><ul class=\"grid\">");
        for (int i = 0; i < 12; i++)
            html.append("<li class=\"card\"><a href=\"/products/jacket-")
                    .append(i)
                    .append("\">Jacket model ")
                    .append(i)
                    .append("</a><span class=\"price\">$")
                    .append(90 + i)
                    .append("</span></li>");
        html.append("</ul><div class=\"guide\">");
        for (int i = 0; i < 6; i++)
            html.append("<p>Choosing a rain jacket starts with the membrane: a three-layer shell breathes best on long")
                    .append(" climbs, while a two-layer jacket with a mesh lining is softer and cheaper for the city.")
                    .append(" Look at the hood, the pit zips and the seams, which should be taped all the way.</p>");
        html.append("</div></main></body></html>");
        var page = new ContentExtractor().extract(html.toString(), "https://shop.example.com/collections/rain-jackets");
        assertThat(page.metadata().pageType()).isEqualTo(PageType.COLLECTION);
        assertThat(page.markdown()).contains("three-layer shell").doesNotContain("Jacket model 3");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a long paragraph (its full stop counts) | <p>AAAAAAAAAA BBBBBBBBBB CCCCCCCCCC DDDDDDDDDD EEEEEEEEEE FFFFFFFFFF GGGGGGGGGG HHHHHHHHHH IIIIIIIIII JJJJJJJJJJ KKKKKKKKKK LLLLLLLLLL MMMMMMMMMM NNNNNNNNNN OOOOOOOOOO.</p> | 151
            a short paragraph                | <p>Free shipping over $50.</p>                                                      | 0
            a long paragraph of links        | <p><a href="/a">AAAAAAAAAA BBBBBBBBBB CCCCCCCCCC DDDDDDDDDD EEEEEEEEEE FFFFFFFFFF GGGGGGGGGG HHHHHHHHHH IIIIIIIIII JJJJJJJJJJ KKKKKKKKKK LLLLLLLLLL MMMMMMMMMM NNNNNNNNNN OOOOOOOOOO.</a></p> | 0
            """)
    void prose_counts_the_letters_of_long_paragraphs_that_are_not_links(String what, String html, int letters) {
        assertThat(StructuredContent.prose(Jsoup.parse(html).body())).isEqualTo(letters);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
            'an undated page whose best block is a fifth of it is made of parts', ARTICLE, false, 200, 1000, true
            'a dated page whose best block is a fifth of it is still one text', ARTICLE, true, 220, 1000, false
            'a dated page whose best block is a twentieth of it is made of parts', ARTICLE, true, 50, 1000, true
            'a thread is never made of parts', FORUM, false, 10, 1000, false
            """)
    void covers_too_little_asks_a_dated_page_for_a_much_smaller_best_block(
            String what, PageType type, boolean dated, int block, int page, boolean expected) {
        assertThat(StructuredContent.coversTooLittle(type, dated, block, page)).isEqualTo(expected);
    }

    @Test
    void a_guide_block_that_also_wraps_the_grid_of_cards_narrows_to_the_guide() {
        String sentence = "Mirrorless lenses sit closer to the sensor, so they are smaller and lighter than the lenses "
                + "of a reflex camera, while autofocus motors have become quiet enough for video work, and "
                + "weather sealing now comes with the middle of the range rather than only the top of it. ";
        StringBuilder html = new StringBuilder("<div id=\"block\"><ul class=\"grid\">");
        for (int i = 0; i < 6; i++)
            html.append("<li><a href=\"/p/")
                    .append(i)
                    .append("\">Lens ")
                    .append(i)
                    .append("</a></li>");
        html.append("</ul><div class=\"seo\"><div id=\"guide\"><h2>Choosing a lens</h2><p>")
                .append(sentence)
                .append("</p><p>")
                .append(sentence)
                .append("</p></div></div></div>");
        Element block = Jsoup.parse(html.toString()).getElementById("block");
        assertThat(StructuredContent.narrowToProse(block).id()).isEqualTo("guide");
    }

    @Test
    void a_guide_in_two_parts_stays_whole() {
        String sentence = "Mirrorless lenses sit closer to the sensor, so they are smaller and lighter than the lenses "
                + "of a reflex camera, while autofocus motors have become quiet enough for video work, and "
                + "weather sealing now comes with the middle of the range rather than only the top of it. ";
        Element block = Jsoup.parse("<div id=\"block\"><div><p>" + sentence + "</p></div><ul><li>Lens</li></ul><div><p>"
                        + sentence + "</p></div></div>")
                .getElementById("block");
        assertThat(StructuredContent.narrowToProse(block).id()).isEqualTo("block");
    }
}
