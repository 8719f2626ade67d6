package dev.caravan.extract.clean;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/** The rules for a forum thread's content: repeated quotes, counters, notices, and every post's author line. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class ThreadRulesTest {

    private static final String OPENING =
            "My chain slips on the smallest sprocket; the derailleur looks fine, the chain is new "
                    + "and the cassette has fewer than a thousand kilometres on it. What should I check first? ";

    @Test
    void a_quote_of_a_post_shown_on_the_page_goes_and_a_quote_of_one_not_shown_stays() {
        String first = "Hello, my name is Tomas and I teach English to people who rent out cars for a living.";
        String elsewhere = "This is what somebody wrote on the previous page of the thread, quoted here.";
        Element root = Jsoup.parse("<div><div class=\"post\"><p>" + first + "</p></div>"
                        + "<div class=\"post\"><blockquote><div>Tomas said:</div><div>" + first
                        + "</div></blockquote><p>Car hire English, I would say.</p></div>"
                        + "<div class=\"post\"><blockquote>" + elsewhere + "</blockquote><p>Agreed.</p></div></div>")
                .selectFirst("div");
        RepeatedQuotes.remove(root);
        assertThat(root.select("blockquote")).hasSize(1);
        assertThat(root.text()).contains(first, elsewhere, "Car hire English", "Agreed.");
    }

    @Test
    void an_author_line_that_pruning_took_is_put_back_at_the_head_of_its_post() {
        Element root = Jsoup.parse("<div><div class=\"posts\">"
                        + "<article class=\"message\"><h4 class=\"message-name\"><a href=\"/members/anna.1/\">anna</a></h4>"
                        + "<time>Mar 27, 2025</time><p>" + OPENING + "</p></article>"
                        + "<article class=\"message\"><span class=\"username\">ben</span><p>Check the B-tension screw.</p></article>"
                        + "<article class=\"message\"><p>No name here, so no line either.</p></article>"
                        + "</div></div>")
                .selectFirst("div");
        var lines = AuthorLines.read(root);
        assertThat(lines).extracting(AuthorLines.AuthorLine::name).containsExactly("anna", "ben");
        root.select("h4, time").remove(); // what pruning does to a linked name and a bare date
        AuthorLines.restore(lines);
        assertThat(root.select("article").get(0).child(0).text()).isEqualTo("anna · Mar 27, 2025");
        assertThat(root.select("article").get(1).select("p")).hasSize(1); // its name is still there
    }

    @Test
    void counters_beside_the_posts_go_and_numbers_in_code_tables_and_sentences_stay() {
        Element root = Jsoup.parse("<div><div class=\"votes\"><span>12</span><span>#3</span><span>1.2k</span></div>"
                        + "<p>I paid 300 for it.</p><pre><code>42</code></pre><table><tr><td>7</td></tr></table></div>")
                .selectFirst("div");
        Counters.remove(root);
        assertThat(root.select("span")).isEmpty();
        assertThat(root.text()).contains("I paid 300 for it.", "42", "7");
    }

    @Test
    void notices_around_the_posts_go() {
        Element root = Jsoup.parse("<div><div class=\"post\"><p>" + OPENING + "</p></div>"
                        + "<h2 class=\"js-bottom-notice\">You must log in to answer this question.</h2>"
                        + "<div class=\"topic-locked\">This topic is locked.</div>"
                        + "<div class=\"alert guest-cta\">You don't have an account yet.</div>"
                        + "<div id=\"jumpbox\" class=\"dropdown-container\"><a href=\"/f/1\">Jump to Beginners</a></div>"
                        + "<div class=\"menu hidden\"><a href=\"/report\">Report this post</a></div></div>")
                .selectFirst("div");
        ThreadNotices.remove(root);
        assertThat(root.text())
                .contains("smallest sprocket")
                .doesNotContain("log in", "locked", "account", "Jump to", "Report");
    }
}
