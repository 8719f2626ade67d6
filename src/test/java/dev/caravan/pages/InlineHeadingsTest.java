package dev.caravan.pages;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A page's headings nest under its source heading (### [n] Title), keeping their relative levels. */
class InlineHeadingsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            top heading h2, then h3       | ## Costs\\ntext\\n### Gas\\ntext         | #### Costs\\ntext\\n##### Gas\\ntext
            top heading h1, then h2       | # Title\\n## Part                        | #### Title\\n##### Part
            only an h2                    | ## Only                                  | #### Only
            h3 under h1 stays two deeper  | # A\\n### C                              | #### A\\n###### C
            deeper than 6 stays at 6      | # A\\n#### D\\n###### F                  | #### A\\n###### D\\n###### F
            no headings                   | plain text                               | plain text
            an underlined h1 counts       | Title\\n===\\n## Part                   | #### Title\\n\\n##### Part
            an underlined h2 counts       | Part\\n---\\ntext                       | #### Part\\n\\ntext
            a heading in a quote counts   | > # Quoted\\n\\n## Part                 | > #### Quoted\\n\\n##### Part
            a heading in a list counts    | - # Listed                               | - #### Listed
            a carriage return ends a line | text\\r# After                           | text\\r#### After
            indented code is no heading   | ## A\\n\\n    # code                     | #### A\\n\\n    # code
            """)
    void headings_are_shifted_to_nest_under_the_source(String name, String page, String shown) {
        assertThat(PageMarkdown.demoteHeadings(lines(page))).isEqualTo(lines(shown));
    }

    private static String lines(String text) {
        return text.replace("\\n", "\n").replace("\\r", "\r");
    }

    @org.junit.jupiter.api.Test
    void a_hash_line_inside_fenced_code_is_not_a_heading() {
        String page = "## Shell\n```\n# a comment\n```";

        assertThat(PageMarkdown.demoteHeadings(page)).isEqualTo("#### Shell\n```\n# a comment\n```");
    }
}
