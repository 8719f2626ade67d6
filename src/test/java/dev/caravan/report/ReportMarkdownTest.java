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
}
