package dev.caravan.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.RenderedMarkdown;
import java.util.function.UnaryOperator;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Text from outside, written into report Markdown, renders as exactly that text wherever the report puts it. */
class MarkdownTextTest {

    /** Where the report writes one line of outside text, and the element a viewer shows it in. */
    private enum Place {
        LIST_ITEM(s -> "- " + s, "li"),
        HEADING(s -> "### [1] " + s, "h3"),
        PARAGRAPH(s -> s, "p"),
        QUOTE(s -> "> " + s, "blockquote"),
        EMPHASIS(s -> "_The query was not searched (" + s + ")._", "em"),
        TABLE_CELL(s -> "| head |\n|---|\n| " + s + " |", "td");

        final UnaryOperator<String> write;
        final String shownIn;

        Place(UnaryOperator<String> write, String shownIn) {
            this.write = write;
            this.shownIn = shownIn;
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", textBlock = """
            stars and underscores      => *a* **b** _c_ __d__ snake_case 2 * 3
            links and images           => [click](javascript:alert(1)) ![x](data:x) [1] [^1] [x]: /url
            tags and autolinks         => <script>alert(1)</script> <img src=x onerror=alert(1)> <https://a.example/>
            comments                   => <!-- hidden --> <!-- -->
            backticks                  => `code` ``double`` a lone ` and ``` and ~~~
            hash at line start         => # Heading ## and #hashtag and closing ##
            list marker at line start  => - not a list item
            plus at line start         => + not a list item
            ordered marker (dot)       => 1. not a list item
            ordered marker (paren)     => 123) not a list item
            quote at line start        => > not a quote
            setext underline           => === not an underline
            thematic break             => *** ---
            pipes                      => a | b | c
            backslashes                => C:\\Users\\x \\* and a trailing one \\
            entities                   => &lt;b&gt; &amp; &#42; &#x2A; &copy; AT&T & co
            tildes                     => ~~not struck~~
            task list                  => [ ] not a box [x] nor this
            """)
    void escaped_text_renders_as_the_original_text_everywhere(String name, String text) {
        for (Place place : Place.values()) {
            for (RenderedMarkdown viewer : RenderedMarkdown.values()) {
                if (place == Place.TABLE_CELL && viewer == RenderedMarkdown.COMMONMARK) continue; // no tables there
                Document html = viewer.html(place.write.apply(MarkdownText.inline(text)));
                Element shown = html.selectFirst(place.shownIn);
                assertThat(shown)
                        .as("%s in a %s, rendered %s", name, place, viewer)
                        .isNotNull();
                String expected = place == Place.HEADING
                        ? "[1] " + text
                        : place == Place.EMPHASIS ? "The query was not searched (" + text + ")." : text;
                assertThat(shown.text())
                        .as("%s in a %s, rendered %s", name, place, viewer)
                        .isEqualTo(expected);
                assertThat(RenderedMarkdown.foreignMarkup(html)).isEmpty();
                assertThat(html.select("a, img, h1, h2, h4, h5, h6, ol, pre, hr"))
                        .as("%s in a %s, rendered %s", name, place, viewer)
                        .isEmpty();
            }
        }
    }

    @Test
    void line_breaks_and_control_characters_become_one_space() {
        assertThat(MarkdownText.inline(" a\rb\nc\r\nd\u2028e\u2029f\u0085g\u001B[31mh\u0000i\tj\u000Bk  l "))
                .isEqualTo("a b c d e f g [31mh i j k l".replace("[", "\\["));
        assertThat(MarkdownText.inline("no\u00A0break"))
                .as("a no-break space is text")
                .isEqualTo("no\u00A0break");
    }

    @Test
    void an_answer_keeps_its_lines_and_paragraphs_and_a_carriage_return_ends_a_line() {
        assertThat(MarkdownText.lines("\n\nOne\r# Two\r\n\r\n\n- Three\u2028Four\n\n"))
                .containsExactly("One", "\\# Two", "", "\\- Three", "Four");
        assertThat(MarkdownText.lines(null)).isEmpty();
        assertThat(MarkdownText.lines(" \n\t")).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '"', textBlock = """
            https                         => https://a.example/heat?x=1#top  => <https://a.example/heat?x=1#top>
            http in capitals              => HTTP://a.example/               => <HTTP://a.example/>
            a space and tags              => https://a.example/a b<c>        => <https://a.example/a%20b%3Cc%3E>
            breaking out of the brackets  => https://a.example/x> <img>      => <https://a.example/x%3E%20%3Cimg%3E>
            not ASCII                     => https://a.example/é             => <https://a.example/%C3%A9>
            javascript                    => JaVaScRiPt:alert(1)             => `JaVaScRiPt:alert(1)`
            data with backticks           => data:text/html,`x`              => `data:text/html,%60x%60`
            file                          => file:///etc/passwd              => `file:///etc/passwd`
            no scheme                     => //a.example/x                   => `//a.example/x`
            a line break before https     => "\\nhttps://a.example/"         => <https://a.example/>
            """)
    void a_url_is_a_link_only_to_the_web_and_cannot_be_broken_out_of(String name, String url, String written) {
        String markdown = MarkdownText.url(url.replace("\\n", "\n"));

        assertThat(markdown).isEqualTo(written);
        for (RenderedMarkdown viewer : RenderedMarkdown.values()) {
            Document html = viewer.html("- URL: " + markdown);
            assertThat(RenderedMarkdown.foreignMarkup(html)).as(name).isEmpty();
            assertThat(html.select("li").text()).as(name).isEqualTo("URL: " + written.replaceAll("^[<`]|[>`]$", ""));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '"', textBlock = """
            plain                  => energy                 => `energy`
            a backtick inside      => a`b                    => ``a`b``
            backticks at the ends  => `a``                   => ``` `a`` ```
            a tag outranks code    => a`<img src=x>`         => a\\`\\<img src=x\\>\\`
            """)
    void a_code_span_has_a_fence_longer_than_any_run_inside(String name, String text, String written) {
        assertThat(MarkdownText.code(text)).isEqualTo(written);
        for (RenderedMarkdown viewer : RenderedMarkdown.values()) {
            Document html = viewer.html("job " + written);
            assertThat(html.select("p").text()).as(name).isEqualTo("job " + text);
            assertThat(RenderedMarkdown.foreignMarkup(html)).as(name).isEmpty();
        }
    }

    @Test
    void a_link_to_a_page_file_stays_relative_and_plain() {
        assertThat(MarkdownText.relativeLink("pages/a-example-heat-0000.md"))
                .isEqualTo("[pages/a-example-heat-0000.md](pages/a-example-heat-0000.md)");
        assertThat(MarkdownText.relativeLink("pages/javascript:x (1).md"))
                .isEqualTo("[pages/javascript:x (1).md](pages/javascript%3Ax%20%281%29.md)");
        assertThat(MarkdownText.relativeLink("javascript:alert(1)")).endsWith("](javascript%3Aalert%281%29)");
    }
}
