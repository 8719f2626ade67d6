package dev.caravan.report;

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
            """)
    void headings_are_shifted_to_nest_under_the_source(String name, String page, String shown) {
        assertThat(ReportMarkdown.demoteHeadings(page.replace("\\n", "\n"))).isEqualTo(shown.replace("\\n", "\n"));
    }

    @org.junit.jupiter.api.Test
    void a_hash_line_inside_fenced_code_is_not_a_heading() {
        String page = "## Shell\n```\n# a comment\n```";

        assertThat(ReportMarkdown.demoteHeadings(page)).isEqualTo("#### Shell\n```\n# a comment\n```");
    }
}
