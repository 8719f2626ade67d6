package dev.caravan.extract.clean;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.PageType;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class PageRulesTest {

    private static final String POST =
            "My chain slips on the smallest sprocket; the derailleur looks fine and the chain is new. ";

    private static String page(String posts) {
        return "<html><body><nav><a href=\"/\">Home</a></nav><div class=\"thread\">" + posts
                + "</div><div class=\"comments\"><p>Nice bike!</p></div><footer>Imprint</footer></body></html>";
    }

    private static String post(int i) {
        return "<div id=\"comment-" + i + "_wrap\" class=\"comment-content\"><p>" + POST.repeat(3) + i + "</p></div>";
    }

    @Test
    void on_a_forum_thread_posts_named_comments_stay() {
        Document doc = Jsoup.parse(page(post(1) + post(2) + post(3)));
        CleaningRules.cleanPage(doc, PageType.FORUM, true);
        assertThat(doc.body().text())
                .contains(POST.strip(), "1", "2", "3")
                .doesNotContain("Home", "Imprint", "Nice bike!");
    }

    @Test
    void elsewhere_comments_go() {
        Document doc = Jsoup.parse(page("<div class=\"article-body\"><p>" + POST.repeat(20) + "</p></div>" + post(1)));
        CleaningRules.cleanPage(doc, PageType.ARTICLE, true);
        assertThat(doc.body().select("[id^=comment-], .comments")).isEmpty();
    }

    @Test
    void on_a_service_page_promotions_and_pop_ups_stay_as_the_offers_they_present() {
        String html = "<html><body><p>" + POST.repeat(5)
                + "</p><div class=\"promo-tile\"><h3>Cloud engineering</h3><p>We move your systems to the cloud.</p></div>"
                + "<div class=\"modal-details\"><p>Fixed price, four weeks, one team.</p></div><div class=\"cookie-banner\">We use cookies"
                + "</div></body></html>";
        Document service = Jsoup.parse(html);
        CleaningRules.cleanPage(service, PageType.SERVICE, true);
        assertThat(service.body().text())
                .contains("Cloud engineering", "Fixed price")
                .doesNotContain("cookies");
        Document article = Jsoup.parse(html);
        CleaningRules.cleanPage(article, PageType.ARTICLE, true);
        assertThat(article.body().text()).doesNotContain("Cloud engineering", "Fixed price", "cookies");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "<a href=\"#MainContent\">Skip to content</a>                 | false",
                "<a href=\"#support\" class=\"nav__skip\">Skip navigation links</a> | false",
                "<a href=\"#main\"> Skip To Main </a>                         | false",
                "<a href=\"#ProductInfo\">Skip to product information</a>     | false",
                "<a href=\"/skip-the-line\">Skip the line</a>                 | true",
                "<a href=\"#ch2\">Skipping breakfast: chapter 2</a>           | true",
            })
    void a_skip_link_within_the_page_goes_even_without_class_names(String link, boolean kept) {
        Document doc = Jsoup.parse("<html><body>" + link + "<p>" + POST.repeat(5) + "</p></body></html>");
        CleaningRules.cleanPage(doc, PageType.LISTING, false);
        assertThat(doc.body().select("a")).hasSize(kept ? 1 : 0);
    }

    private static final String TABS =
            "<div role=\"tablist\"><button role=\"tab\">Python</button><button role=\"tab\">Java</button></div>"
                    + "<div role=\"tabpanel\"><p>Install the Python SDK with pip.</p></div>"
                    + "<div role=\"tabpanel\" hidden style=\"display:none\"><p>Add the Java SDK to your Maven build.</p></div>";

    @Test
    void a_hidden_tab_panel_stays_as_the_steps_for_another_choice() {
        Document doc = Jsoup.parse("<html><body><p>" + POST.repeat(5) + "</p>" + TABS + "</body></html>");
        CleaningRules.cleanPage(doc, PageType.DOCUMENTATION, true);
        assertThat(doc.body().text()).contains("Python SDK", "Java SDK");
    }

    @Test
    void a_hidden_part_that_is_no_panel_still_goes() {
        Document doc = Jsoup.parse("<html><body><p>" + POST.repeat(5) + "</p>" + TABS
                + "<div style=\"display:none\"><p>Sign in to save your cart.</p></div></body></html>");
        CleaningRules.cleanPage(doc, PageType.PRODUCT, true);
        assertThat(doc.body().text()).contains("Python SDK", "Java SDK").doesNotContain("Sign in");
    }

    @Test
    void a_popover_goes_as_it_is_hidden_until_a_button_opens_it() {
        Document doc = Jsoup.parse("<html><body><p>" + POST.repeat(5)
                + "</p><div popover id=\"push\"><h4>Configure browser push notifications</h4>"
                + "<div role=\"tabpanel\"><p>Tap the lock icon next to the address bar.</p></div></div></body></html>");
        CleaningRules.cleanPage(doc, PageType.FORUM, true);
        assertThat(doc.body().text()).doesNotContain("push notifications", "lock icon");
    }

    @Test
    void a_header_inside_an_article_stays_as_the_teasers_title_and_summary() {
        Document doc = Jsoup.parse("<html><body><header>Site banner</header><main><article><header>"
                + "<h2>Teaser title</h2><p>Teaser summary</p></header></article></main></body></html>");
        CleaningRules.cleanPage(doc, PageType.COLLECTION, true);
        assertThat(doc.body().text()).contains("Teaser title", "Teaser summary").doesNotContain("Site banner");
    }

    @Test
    void on_a_forum_thread_a_posts_header_still_goes_as_the_posters_card() {
        Document doc = Jsoup.parse("<html><body><article><header>Poster card</header><p>" + POST.repeat(3)
                + "</p></article></body></html>");
        CleaningRules.cleanPage(doc, PageType.FORUM, true);
        assertThat(doc.body().text()).doesNotContain("Poster card");
    }

    @Test
    void a_link_hidden_only_from_screen_readers_stays_as_the_visible_summary_it_is() {
        Document doc = Jsoup.parse("<html><body><p><a href=\"/a\" aria-hidden=\"true\">Visible summary</a></p>"
                + "<p><span aria-hidden=\"true\">Decorative icon</span>" + POST + "</p></body></html>");
        CleaningRules.cleanPage(doc, PageType.COLLECTION, true);
        assertThat(doc.body().text()).contains("Visible summary").doesNotContain("Decorative icon");
    }

    @Test
    void parts_streamed_by_react_stay_but_other_hidden_blocks_go() {
        Document doc = Jsoup.parse(
                "<html><body><main><p>" + POST.repeat(20) + "</p><template id=\"B:a\"></template></main>"
                        + "<div hidden id=\"S:a\"><p>Streamed offer text</p></div>"
                        + "<div hidden id=\"S:note\"><p>Secret note</p></div><div hidden><p>Closed dialog</p></div></body></html>");
        CleaningRules.cleanPage(doc, PageType.SERVICE, true);
        assertThat(doc.body().text()).contains("Streamed offer text").doesNotContain("Secret note", "Closed dialog");
    }

    @Test
    void a_list_of_links_to_the_page_in_other_languages_goes_but_a_list_of_sources_stays() {
        Document doc = Jsoup.parse("<html><body><main><p>" + POST.repeat(20) + "</p><ul>"
                + "<li><a href=\"https://de.example.org/x\" hreflang=\"de\">Deutsch</a></li>"
                + "<li><a href=\"https://fr.example.org/x\" hreflang=\"fr\">Français</a></li>"
                + "<li><a href=\"https://fi.example.org/x\" hreflang=\"fi\">Suomi</a></li></ul>"
                + "<ul><li><a href=\"https://a.example.org/\">First source</a></li>"
                + "<li><a href=\"https://b.example.org/\" hreflang=\"de\">Second source</a></li>"
                + "<li><a href=\"https://c.example.org/\">Third source</a></li></ul></main></body></html>");
        CleaningRules.cleanPage(doc, PageType.LISTING, true);
        assertThat(doc.body().text())
                .contains("First source", "Second source", "Third source")
                .doesNotContain("Deutsch", "Suomi");
    }

    @Test
    void a_live_status_message_goes() {
        Document doc = Jsoup.parse("<html><body><main><div role=\"status\">loaded 153 results</div><p>" + POST.repeat(5)
                + "</p></main></body></html>");
        CleaningRules.cleanPage(doc, PageType.COLLECTION, true);
        assertThat(doc.body().text()).contains("My chain slips").doesNotContain("loaded 153 results");
    }

    @Test
    void a_streamed_code_block_fills_its_slot_but_other_streamed_parts_stay_at_the_end() {
        Document doc = Jsoup.parse("<html><body><main><p>Run these commands:</p><template id=\"B:1\"></template>"
                + "<p>Then open the page.</p><template id=\"B:2\"></template></main>"
                + "<div hidden id=\"S:1\"><pre><code>npm install</code></pre></div>"
                + "<div hidden id=\"S:2\"><p>Popular guides</p></div></body></html>");
        CleaningRules.cleanPage(doc, PageType.DOCUMENTATION, true);
        assertThat(doc.body().text()).isEqualTo("Run these commands: npm install Then open the page. Popular guides");
    }

    @Test
    void a_glossary_term_named_tooltip_stays_in_its_sentence_but_a_tooltip_box_goes() {
        Document doc = Jsoup.parse("<html><body><p>" + POST + "</p><p>If you use a <a class=\"glossary-tooltip\""
                + " href=\"/d\">Deployment</a> to run your app, it restarts.</p>"
                + "<div class=\"tooltip\">Hint box</div></body></html>");
        CleaningRules.cleanPage(doc, PageType.DOCUMENTATION, true);
        assertThat(doc.body().text())
                .contains("If you use a Deployment to run your app")
                .doesNotContain("Hint box");
    }
}
