package dev.caravan.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LogQuotedNameTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            plain name        | jobs.txt                  | "jobs.txt"
            new line          | a\\nERROR b.txt           | "a\\\\nERROR b.txt"
            bidi override     | invoice\\u202Etxt.exe     | "invoice\\\\u202etxt.exe"
            quote, backslash  | say "hi"\\\\x.txt         | "say \\\\"hi\\\\"\\\\\\\\x.txt"
            letters kept      | 日本 Crème.txt            | "日本 Crème.txt"
            """)
    void a_name_in_a_log_line_cannot_start_a_new_line_or_hide_what_it_is(String what, String name, String logged) {
        assertThat(LogText.quoted(unescape(name))).isEqualTo(unescape(logged));
    }

    /** The table writes \n, \\u202E and \\ as escapes so that it stays readable. */
    private static String unescape(String text) {
        return text.replace("\\\\", "\u0000")
                .replace("\\n", "\n")
                .replace("\\u202E", "\u202E")
                .replace("\u0000", "\\");
    }
}
