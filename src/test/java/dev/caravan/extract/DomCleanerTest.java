package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class DomCleanerTest {

    private static final String POST = "My chain slips on the smallest sprocket; the derailleur looks fine and the chain is new. ";

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
        new DomCleaner().clean(doc, true, true);
        assertThat(doc.body().text()).contains(POST.strip(), "1", "2", "3").doesNotContain("Home", "Imprint", "Nice bike!");
    }

    @Test
    void elsewhere_comments_go() {
        Document doc = Jsoup.parse(page("<div class=\"article-body\"><p>" + POST.repeat(20) + "</p></div>" + post(1)));
        new DomCleaner().clean(doc, true, false);
        assertThat(doc.body().select("[id^=comment-], .comments")).isEmpty();
    }
}
