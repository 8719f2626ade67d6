package dev.caravan.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;

/** Untrusted text in a log line stays on that line and cannot steer the console. */
class LogTextTest {

    /**
     * The input is written with Java escapes (decoded by {@link #unescaped}), so the table shows every character; the
     * expected line is as logged.
     */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"0, 0 queries", "1, 1 query", "2, 2 queries", "21, 21 queries"})
    void a_count_has_its_noun_in_the_right_number_instead_of_query_ies(int n, String expected) {
        assertThat(LogText.count(n, "query", "queries")).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            plain text stays as it is           | `heat pumps in cold climates`      | `heat pumps in cold climates`
            accents and other scripts stay      | `Wärmepumpe \\u65e5\\u672c\\u8a9e` | `Wärmepumpe 日本語`
            an emoji (a surrogate pair) stays   | `\\ud83d\\ude00 ok`                | `😀 ok`
            line feed                           | `a\\nb`                            | `a\\nb`
            carriage return                     | `a\\rb`                            | `a\\rb`
            tab                                 | `a\\tb`                            | `a\\tb`
            a forged log line                   | `q\\n12:00:00.000 INFO caravan - x` | `q\\n12:00:00.000 INFO caravan - x`
            ESC starting a colour sequence      | `\\u001b[31mred`                   | `\\u001b[31mred`
            NUL and BEL                         | `a\\u0000b\\u0007`                 | `a\\u0000b\\u0007`
            DEL                                 | `a\\u007fb`                        | `a\\u007fb`
            C1 control CSI                      | `a\\u009b2Jb`                      | `a\\u009b2Jb`
            C1 next line                        | `a\\u0085b`                        | `a\\u0085b`
            line separator                      | `a\\u2028b`                        | `a\\u2028b`
            paragraph separator                 | `a\\u2029b`                        | `a\\u2029b`
            right-to-left override              | `abc\\u202etxt.exe`                | `abc\\u202etxt.exe`
            left-to-right isolate               | `a\\u2066b\\u2069`                 | `a\\u2066b\\u2069`
            right-to-left mark                  | `a\\u200fb`                        | `a\\u200fb`
            zero-width space                    | `a\\u200bb`                        | `a\\u200bb`
            a lone surrogate                    | `a\\ud800b`                        | `a\\ud800b`
            a backslash is left as it is        | `C:\\\\jobs`                       | `C:\\jobs`
            """)
    void control_and_invisible_characters_become_visible_escapes(String what, String input, String logged) {
        assertThat(LogText.safe(unescaped(input)))
                .isEqualTo(logged)
                .doesNotContain("\n", "\r", "\u001b", "\u2028", "\u202e");
    }

    @ParameterizedTest(name = "{0} characters -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            10   | 10
            400  | 400
            401  | 400
            5000 | 400
            """)
    void long_text_is_cut_and_ends_with_an_ellipsis(int length, int kept) {
        String logged = LogText.safe("x".repeat(length));

        assertThat(logged).startsWith("x".repeat(kept));
        assertThat(logged.chars().filter(c -> c == 'x').count()).isEqualTo(kept);
        assertThat(logged).isEqualTo("x".repeat(kept) + (length > kept ? "…" : ""));
    }

    @ParameterizedTest(name = "at most {0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            9  | `abcdefgh`
            10 | `abcdefgh\\n`
            11 | `abcdefgh\\n`
            12 | `abcdefgh\\n\ud83d\ude00`
            """)
    void the_cut_never_splits_an_escape_or_a_character(int max, String kept) {
        String logged = LogText.safe("abcdefgh\n\ud83d\ude00\ud83d\ude00", max);

        assertThat(logged).isEqualTo(kept + "…");
    }

    @ParameterizedTest
    @NullAndEmptySource
    void nothing_logs_as_nothing(String text) {
        assertThat(LogText.safe(text)).isEmpty();
    }

    /** Decodes {@code \\n}, {@code \\r}, {@code \\t}, {@code \\\\} and {@code \\uXXXX} written in the table. */
    private static String unescaped(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 == s.length()) {
                b.append(c);
                continue;
            }
            char next = s.charAt(++i);
            switch (next) {
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    b.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                default -> b.append(next);
            }
        }
        return b.toString();
    }
}
