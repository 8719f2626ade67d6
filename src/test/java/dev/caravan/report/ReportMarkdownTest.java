package dev.caravan.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReportMarkdownTest {

    /** A context's line breaks are written {@code \n} in the table. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', textBlock = """
            a table's header cells                  ~ Plan | Price                             ~ Plan \\| Price
            a heading then the line opening a block ~ Ordering flex items\\nbutton:last-child { ~ Ordering flex items › button:last-child {
            a lead-in then a section header         ~ One more example:\\n[Service]\\n          ~ One more example: › \\[Service\\]
            """)
    void a_findings_context_reads_as_one_line_with_its_parts_as_a_path(String name, String context, String shown) {
        assertThat(ReportMarkdown.context(context.replace("\\n", "\n"))).isEqualTo(shown);
    }

    /** A finding's line breaks (before what its passage shows) are written {@code \n} in the table. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', textBlock = """
            a sentence                      ~ It costs $12 a month.                          ~ It costs $12 a month.
            a lead-in and its code          ~ Add a handler, like this:\\n  process.on(x);  ~ Add a handler, like this: ⏎ process.on(x);
            a comment and the line under it ~ # stage every file\\ngit add -A                 ~ \\# stage every file ⏎ git add -A
            """)
    void a_finding_reads_as_one_line_with_what_it_shows_after_a_return_sign(String name, String text, String shown) {
        assertThat(ReportMarkdown.quote(text.replace("\\n", "\n"))).isEqualTo(shown);
    }
}
