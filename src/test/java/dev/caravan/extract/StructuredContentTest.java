package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.PageType;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
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
}
