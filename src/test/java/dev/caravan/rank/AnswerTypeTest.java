package dev.caravan.rank;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.Passage;
import dev.caravan.model.TextBlock.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AnswerTypeTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            How much does the basic plan cost per month?            | QUANTITY
            how many essays does the package help write             | QUANTITY
            Bose QuietComfort playback time from a 15-minute charge | ANY
            nginx return 308 redirect supported since which version | TIME
            When did the museum open?                               | TIME
            Who designed the festival identity?                     | NAME
            Which Go library stores the transparency log?           | NAME
            how to make the Flask server reachable on my network    | ANY
            Celery: how do I purge all task queues but the default? | ANY
            what do they call the setting sun in Japanese?          | ANY
            how long does the battery last?                         | QUANTITY
            why do heat pumps freeze?                               | ANY
            Which command turns off the Pi's ethernet LEDs?         | CODE
            Go tutorial: command that enables dependency tracking   | CODE
            shell one-liner giving a block device's size in sectors | CODE
            which CSS declaration moves the last button first?      | CODE_LIKELY
            what location directive does the guide use for images?  | CODE_LIKELY
            what single line do you add to your main CSS file?      | CODE_LIKELY
            Which response header stops MIME sniffing?              | CODE_LIKELY
            which testify assertion checks it is never called?      | CODE_LIKELY
            Which CSS properties center a div?                      | CODE_LIKELY
            what line of code enables strict mode?                  | CODE_LIKELY
            What value does a JavaScript function parameter get?    | NAME
            What are the key settings of a good camera?             | ANY
            Which line of products sells best?                      | NAME
            What time should I call the bank?                       | TIME
            What entry fee does the museum charge?                  | QUANTITY
            What should I call my puppy?                            | ANY
            What type of entry visa do I need?                      | ANY
            """)
    void the_kind_of_answer_a_question_asks_for_comes_from_its_wording(String query, AnswerType expected) {
        assertThat(AnswerType.of(query)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            QUANTITY | The basic plan costs $12 a month.                         | true
            QUANTITY | The basic plan is cheap for every small business.         | false
            QUANTITY | Applicants get help writing up to FIVE admissions essays. | true
            QUANTITY | 23. Parents should never write a student's essay.         | false
            TIME     | The code 308 was not treated as a redirect until 1.13.0.  | true
            TIME     | The museum opened on 4 May after a long wait.             | true
            TIME     | The museum opened after a long wait.                      | false
            NAME     | The log is stored with Tessera, a Go library.             | true
            NAME     | The transparency log is stored by a library.              | false
            """)
    void a_passage_holds_the_kind_of_answer_or_not(AnswerType type, String passage, boolean holds) {
        assertThat(type.heldBy(passage, Analysis.terms("which library stores the transparency log")))
                .isEqualTo(holds);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            QUANTITY    | true
            TIME        | true
            NAME        | true
            CODE        | true
            CODE_LIKELY | false
            ANY         | false
            """)
    void only_a_passage_holding_the_kind_asked_for_answers_unless_prose_may_answer_too(
            AnswerType type, boolean exclusive) {
        assertThat(type.exclusive()).isEqualTo(exclusive);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            CODE      | $ go mod init example/hello                                   | false | true
            CODE      | go: creating new go.mod: module example/hello                 | true  | false
            PARAGRAPH | Run the go mod init command to enable dependency tracking.    | false | false
            LIST_ITEM | go mod init example/hello                                     | false | false
            """)
    void code_is_answered_by_a_line_of_code_that_is_no_commands_output(
            Kind kind, String text, boolean output, boolean holds) {
        assertThat(AnswerType.CODE.heldBy(
                        new Passage(text, "", 0, 0, kind, "", output), Analysis.terms("which command")))
                .isEqualTo(holds);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            CODE      | pub fn is_err_and(self) -> bool                       | true
            CODE      | SELECT create_hypertable('conditions');               | true
            CODE      | let error = result;                                   | false
            PARAGRAPH | the method is_err_and checks the error with a closure | false
            """)
    void in_a_line_of_code_any_word_the_question_does_not_give_is_a_name(Kind kind, String text, boolean holds) {
        assertThat(AnswerType.NAME.heldBy(
                        new Passage(text, "", 0, 0, kind, "", false),
                        Analysis.terms("Which method tells whether a Result is an error? Let me know.")))
                .isEqualTo(holds);
    }

    /** A long word of a page (a blob in a table cell) is read once (before, 5,000 letters took 95 s). */
    @Test
    void a_long_word_is_no_name_and_is_read_once() {
        assertThat(AnswerType.NAME.heldBy("Key | " + "a".repeat(20_000), Analysis.terms("which key")))
                .isFalse();
        assertThat(AnswerType.NAME.heldBy("Key | " + "a".repeat(20_000) + " gpt-4o", Analysis.terms("which key")))
                .isTrue();
    }
}
