package dev.caravan.extract.find;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class ThreadPostsTest {

    private static final String OPENING =
            "My chain slips on the smallest sprocket; the derailleur looks fine, the chain is new "
                    + "and the cassette has fewer than a thousand kilometres on it. What should I check first? ";

    private static String post(int id, String author, String text) {
        return "<article class=\"message message--post\" id=\"post-" + id + "\"><div class=\"user\">" + author
                + "</div><div class=\"body\"><p>" + text + "</p></div></article>";
    }

    private static String thread() {
        return "<html><body><div class=\"sidebar\"><a href=\"/a\">Other topic</a></div><div class=\"posts\">"
                + post(1, "anna", OPENING.repeat(3)) + post(2, "ben", "Check the B-tension screw.")
                + post(3, "carl", "Limit screw, most likely.") + "</div></body></html>";
    }

    @Test
    void the_container_of_like_posts_is_found_with_every_reply() {
        Element posts = ThreadPosts.container(Jsoup.parse(thread()).body());
        assertThat(posts).isNotNull();
        assertThat(posts.className()).isEqualTo("posts");
        assertThat(posts.text()).contains("anna", "B-tension screw", "Limit screw");
    }

    @Test
    void a_page_without_repeated_posts_has_no_thread_container() {
        Document doc = Jsoup.parse("<html><body><div class=\"a\"><p>" + OPENING.repeat(4) + "</p></div>"
                + "<div class=\"b\"><p>Short note.</p></div></body></html>");
        assertThat(ThreadPosts.container(doc.body())).isNull();
    }

    @Test
    void posts_are_of_a_kind_by_tag_and_first_class_or_by_numbered_id() {
        assertThat(ThreadPosts.kind(
                        Jsoup.parse("<div class=\"post odd\">x</div>").selectFirst("div")))
                .isEqualTo("div.post");
        assertThat(ThreadPosts.kind(Jsoup.parse("<div id=\"p123\">x</div>").selectFirst("div")))
                .isEqualTo("div#p");
        assertThat(ThreadPosts.kind(Jsoup.parse("<div>x</div>").selectFirst("div")))
                .isNull();
        assertThat(ThreadPosts.kind(Jsoup.parse("<p class=\"lead\">x</p>").selectFirst("p")))
                .isNull();
    }
}
