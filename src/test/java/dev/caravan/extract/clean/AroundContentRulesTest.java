package dev.caravan.extract.clean;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.extract.find.StructuredContent;
import dev.caravan.model.PageType;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The rules around the content: what sits beside a product, a grid of items or the posts of a thread. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class AroundContentRulesTest {

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
        CleaningRules.cleanAroundContent(region, PageType.PRODUCT);
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
        CleaningRules.cleanAroundContent(body, PageType.FORUM);
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
        CleaningRules.cleanAroundContent(region, PageType.COLLECTION);
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
        CleaningRules.cleanAroundContent(region, PageType.COLLECTION);
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
        CleaningRules.cleanAroundContent(region, type);
        assertThat(region.text()).contains("Bloom filter", "Trail helmet");
    }

    @ParameterizedTest(name = "a {0} page keeps them")
    @CsvSource({"ARTICLE", "SERVICE", "LISTING"})
    void other_pages_keep_blocks_named_review(PageType type) {
        Element body = Jsoup.parse(
                        "<main>" + DESCRIPTION + "<div class=\"review-body\"><p>Our verdict.</p></div></main>")
                .body();
        Element region = StructuredContent.region(body);
        CleaningRules.cleanAroundContent(region, type);
        assertThat(region.text()).contains("Our verdict.");
    }
}
