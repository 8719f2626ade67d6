package dev.caravan.rank;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.Passage;
import dev.caravan.model.TextBlock.Kind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AnalysisTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', textBlock = """
            snake case                ~ CODE      ~ SELECT create_hypertable('conditions'); ~ SELECT create_hypertable('conditions'); create hypertable
            a dotted call             ~ CODE      ~ logger.exception('Something happened')  ~ logger.exception('Something happened') logger exception
            camel case                ~ CODE      ~ log = getLogger(name)                   ~ log = getLogger(name) get Logger
            a dotted class in Pascal  ~ CODE      ~ id = models.BigAutoField()              ~ id = models.BigAutoField() models Big Auto Field
            plain words and numbers   ~ CODE      ~ purge -Q celery 3.5                     ~ purge -Q celery 3.5
            prose is read as it is    ~ PARAGRAPH ~ Call create_hypertable on the iPhone.   ~ Call create_hypertable on the iPhone.
            a line too long to quote  ~ CODE      ~ x_y LONG                                ~ x_y LONG
            """)
    void a_line_of_code_is_read_with_the_words_of_its_compound_names(
            String name, Kind kind, String text, String expected) {
        String line = text.replace("LONG", "z".repeat(Passages.CODE_LINE_CHARS));
        Passage passage = new Passage(line, "", 0, 0, kind, "");

        assertThat(Analysis.lexicalText(passage))
                .isEqualTo(expected.replace("LONG", "z".repeat(Passages.CODE_LINE_CHARS)));
    }
}
