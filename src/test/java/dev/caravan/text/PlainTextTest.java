package dev.caravan.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;

class PlainTextTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            heading                  | ## Section title                              | Section title
            bold and italic          | Some **bold**, *italic* and __under__ words.  | Some bold, italic and under words.
            strikethrough and code   | ~~old~~ and `code()` here                     | old and code() here
            inline link              | See [the report](https://x.org/r) now.        | See the report now.
            link with parentheses    | [Wiki](https://x.org/A_(b)) page              | Wiki page
            reference link           | Read [the docs][1] first.                     | Read the docs first.
            image keeps its alt text | ![a chart of prices](chart.png)               | a chart of prices
            autolink                 | Visit <https://x.org/a> today                 | Visit https://x.org/a today
            bullet                   | - first item                                  | first item
            numbered item            | 2. second item                                | second item
            quote                    | > quoted words                                | quoted words
            nested quote             | > > deeper words                              | deeper words
            escapes                  | 1\\. not a list, \\*not emphasis\\*           | 1. not a list, *not emphasis*
            runs of spaces           | 'lots    of \t  space'                        | lots of space
            non-breaking space       | 'a\u00a0b'                                    | a b
            snake_case word kept     | use snake_case_names here                     | use snake_case_names here
            two identifiers kept     | set max_results and min_results               | set max_results and min_results
            underscore emphasis      | an _emphasised_ word                          | an emphasised word
            escaped stars in a word  | a\\*b\\*c equals abc                          | a*b*c equals abc
            footnote marker          | Heat pumps[3] are efficient.[12]              | Heat pumps are efficient.
            superscript footnote     | Heat pumps^[\\[3\\]](https://w.org/#cite-3)^ work. | Heat pumps work.
            superscript kept as text | an area of 20 m^2^ only                       | an area of 20 m2 only
            spaced bracket kept      | see item [3] below                            | see item [3] below
            escaped brackets         | \\[not a link\\](x)                           | [not a link](x)
            """)
    void markdown_becomes_the_text_a_reader_sees(String name, String markdown, String text) {
        assertThat(PlainText.of(markdown.replace("\\t", "\t"))).isEqualTo(text);
    }

    @Test
    void fenced_code_blocks_are_dropped_and_paragraphs_kept() {
        String markdown = "Before the code.\n\n```java\nint x = 1;\n```\n\n~~~\nmore code\n~~~\n\nAfter the code.";

        assertThat(PlainText.of(markdown)).isEqualTo("Before the code.\n\nAfter the code.");
    }

    @Test
    void table_pipes_and_rules_disappear() {
        assertThat(PlainText.of("| Year | Price |\n|---|:---:|\n| 2024 | 10 |")).isEqualTo("Year Price\n\n2024 10");
    }

    @Test
    void horizontal_rules_disappear_and_blank_lines_collapse() {
        assertThat(PlainText.of("Above.\n\n---\n\n\n\n***\n\nBelow.")).isEqualTo("Above.\n\nBelow.");
    }

    @ParameterizedTest
    @NullAndEmptySource
    void nothing_gives_empty_text(String markdown) {
        assertThat(PlainText.of(markdown)).isEmpty();
    }

    @Test
    void a_short_excerpt_is_the_whole_text_on_one_line() {
        assertThat(PlainText.excerpt("# Title\n\nFirst *para*.\n\nSecond.", 100)).isEqualTo("Title First para. Second.");
    }

    @Test
    void a_long_excerpt_is_cut_at_a_word_with_an_ellipsis() {
        assertThat(PlainText.excerpt("alpha beta gamma delta epsilon", 14)).isEqualTo("alpha beta…");
    }

    @Test
    void an_excerpt_of_one_long_word_is_cut_hard() {
        assertThat(PlainText.excerpt("abcdefghijklmnopqrstuvwxyz", 10)).isEqualTo("abcdefghi…");
    }

    @Test
    void an_excerpt_never_exceeds_its_length() {
        String text = "word ".repeat(200);

        assertThat(PlainText.excerpt(text, 300)).hasSizeLessThanOrEqualTo(300).endsWith("word…");
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"link", "quote", "image", "emphasis", "fence"})
    void a_huge_construct_from_one_page_is_handled_without_overflowing_the_stack(String kind) {
        String markdown = switch (kind) {
            case "link" -> "[a](" + "x".repeat(200_000) + ") after";
            case "quote" -> "> ".repeat(100_000) + "quoted";
            case "image" -> "![" + "alt ".repeat(100_000) + "](x.png) after";
            case "emphasis" -> "**" + "word ".repeat(100_000) + "**";
            default -> "```\n" + "code line\n".repeat(100_000) + "```\nafter";
        };

        String text = PlainText.of(markdown);

        assertThat(PlainText.excerpt(markdown, 300)).hasSizeLessThanOrEqualTo(300);
        assertThat(text).doesNotContain("](").doesNotStartWith(">");
    }
}
