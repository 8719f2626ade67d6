package dev.caravan.extract.find;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class MainContentFinderTest {

    private static final String PROSE =
            "The harbour wall was rebuilt in stone, and the town paid for it over ten years. "
                    + "Fishermen said the work was late, but the council kept to its plan; the last stones went in this spring.";

    private static String section(String label) {
        StringBuilder links = new StringBuilder("<ul>");
        for (int i = 0; i < 12; i++)
            links.append("<li><a href=\"/page")
                    .append(i)
                    .append("\">Another page of the site ")
                    .append(i)
                    .append("</a></li>");
        return "<section><div><p>" + label + " " + PROSE + "</p><p>" + PROSE + "</p></div>" + links + "</ul></section>";
    }

    @RepeatedTest(20)
    void of_two_equally_good_blocks_the_first_in_the_page_is_kept_on_every_run() {
        Element body = Jsoup.parse("<html><body>" + section("Alpha.") + section("Gamma.") + "</body></html>")
                .body();
        String text = new MainContentFinder().find(body).text();
        assertThat(text).startsWith("Alpha.").doesNotContain("Gamma.");
    }

    private static String post(String who, String text) {
        return "<article class=\"message\"><div class=\"cell\"><div class=\"main\"><div class=\"content\">"
                + "<div class=\"user\"><a href=\"/members/" + who + "\">" + who
                + "</a> <a href=\"/report\">Report this post</a> "
                + "<a href=\"/quote\">Quote and reply</a></div><div class=\"body\"><div class=\"text\"><p>" + text
                + "</p></div></div></div></div></div></article>";
    }

    @Test
    void in_a_thread_short_replies_nested_deep_count_as_posts_like_the_long_one() {
        String thread = "<div class=\"thread\">" + post("alice", "Alpha. " + PROSE + " " + PROSE)
                + post("bob", "Bravo, that is a good point; thanks.") + post("carol", "Charlie: same here, it worked.")
                + "</div>";
        Element body = Jsoup.parse("<html><body>" + thread + "</body></html>").body();
        assertThat(new MainContentFinder().find(body, 0.25).text()).contains("Alpha.", "Bravo", "Charlie");
        Element again = Jsoup.parse("<html><body>" + thread + "</body></html>").body();
        assertThat(new MainContentFinder().find(again).text())
                .contains("Alpha.")
                .doesNotContain("Bravo");
    }

    @Test
    void a_long_box_inside_the_named_article_body_brings_the_whole_body_along() {
        StringBuilder products = new StringBuilder();
        for (int i = 0; i < 6; i++)
            products.append("<h3>Tool ")
                    .append(i)
                    .append("</h3><p>Light, cheap and sturdy; ours lasted a year.</p><ul><li>Price: $")
                    .append(10 + i)
                    .append("</li><li><a href=\"https://shop.example.org/")
                    .append(i)
                    .append("\">Buy it</a></li><li>Weight: 2 kg</li></ul>");
        String box = "<div class=\"accordion\"><div class=\"panel\"><p>" + PROSE + "</p><p>" + PROSE + "</p><p>" + PROSE
                + "</p><p>" + PROSE + "</p></div></div>";
        String html = "<html><body><div class=\"entry-content\"><p>Alpha. Our picks, tested.</p>" + products + box
                + "</div><aside><a href=\"/x\">Other story</a></aside></body></html>";
        String text = new MainContentFinder().find(Jsoup.parse(html).body()).text();
        assertThat(text).contains("Alpha.", "Tool 5", "harbour wall").doesNotContain("Other story");
    }
}
