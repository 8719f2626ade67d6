package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.RepeatedTest;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class MainContentFinderTest {

    private static final String PROSE = "The harbour wall was rebuilt in stone, and the town paid for it over ten years. "
            + "Fishermen said the work was late, but the council kept to its plan; the last stones went in this spring.";

    private static String section(String label) {
        StringBuilder links = new StringBuilder("<ul>");
        for (int i = 0; i < 12; i++) links.append("<li><a href=\"/page").append(i).append("\">Another page of the site ").append(i).append("</a></li>");
        return "<section><div><p>" + label + " " + PROSE + "</p><p>" + PROSE + "</p></div>" + links + "</ul></section>";
    }

    @RepeatedTest(20)
    void of_two_equally_good_blocks_the_first_in_the_page_is_kept_on_every_run() {
        Element body = Jsoup.parse("<html><body>" + section("Alpha.") + section("Gamma.") + "</body></html>").body();
        String text = new MainContentFinder().find(body).text();
        assertThat(text).startsWith("Alpha.").doesNotContain("Gamma.");
    }
}
