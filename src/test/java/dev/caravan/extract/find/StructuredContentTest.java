package dev.caravan.extract.find;

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
