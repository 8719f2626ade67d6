package dev.caravan.extract.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class MarkdownRendererTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            trailing blanks go                      | 'one  \\ntwo\\t\\nthree'          | 'one\\ntwo\\nthree'
            runs of empty lines become one          | 'one\\n\\n\\n  \\n\\ntwo'         | 'one\\n\\ntwo'
            a quote is set apart from text after it | '> said\\nthen'                   | '> said\\n\\nthen'
            a quote is set apart from text before   | 'he said\\n> this'                | 'he said\\n\\n> this'
            breaks at either end go                 | '---\\n\\ntext\\n\\n---\\n---'    | 'text'
            a second break in a row goes            | 'a\\n\\n---\\n\\n---\\n\\nb'      | 'a\\n\\n---\\n\\nb'
            a break between texts stays             | 'a\\n\\n---\\n\\nb'               | 'a\\n\\n---\\n\\nb'
            """)
    void tidying_the_lines(String rule, String markdown, String tidied) {
        assertThat(MarkdownRenderer.tidyLines(unescape(markdown))).isEqualTo(unescape(tidied));
    }

    private static String unescape(String s) {
        return s.replace("\\n", "\n").replace("\\t", "\t");
    }
}
