package dev.caravan.rank;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.Passage;
import dev.caravan.model.TextBlock.Kind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AskedTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            What share of users never change the default password?  | QUANTITY | PERCENT
            What is the heaviest weight the machine can load?        | QUANTITY | WEIGHT
            playback time from a 15-minute quick charge              | QUANTITY | DURATION
            How much does the basic plan cost per month?             | QUANTITY | MONEY
            When was the price last raised?                          | TIME     | ANY
            Which bill did the senate pass?                          | NAME     | ANY
            how to make the server reachable on my network           | ANY      | ANY
            why is the server unreachable on my network              | ANY      | ANY
            parser example: statement locating the = in "price = 100" | ANY      | ANY
            27" monitor cost compared with a 32" monitor             | QUANTITY | MONEY
            React "Too many re-renders": how much state is too much  | QUANTITY | ANY
            """)
    void a_question_that_names_a_measure_asks_for_a_quantity(String query, AnswerType type, Measure measure) {
        assertThat(Asked.of(query)).isEqualTo(new Asked(type, measure, false));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            what does the example program print when f recovers      | true
            Python json module: what error does it show for bad input | true
            which status does the script return for a missing device | true
            what is shown when the build fails                       | true
            what is displayed after the install                      | true
            what does git status report after a rebase               | true
            what exit code does grep give when nothing matches       | true
            make the machine boot to the text console by default     | false
            Which command lists orphaned packages?                   | false
            fix for the "Error: EACCES" of npm install                | false
            what does the "print(total)" line of the example do      | false
            """)
    void a_question_asks_what_a_program_printed_by_its_words(String query, boolean output) {
        assertThat(Asked.of(query).output()).isEqualTo(output);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            PARAGRAPH | The shelf holds up to 30 lbs.                  | true
            PARAGRAPH | The shelf holds up to 30 books.                | false
            PARAGRAPH | The shelf is sturdy.                           | false
            CODE      | "maxLoad": 30,                                 | true
            """)
    void a_passage_answers_a_quantity_with_a_number_in_its_measure_and_code_with_any_number(
            Kind kind, String text, boolean holds) {
        Asked asked = Asked.of("What is the maximum load the shelf can hold?");
        assertThat(asked.heldBy(
                        new Passage(text, "", 0, 0, kind, "", false), Analysis.terms("maximum load shelf hold")))
                .isEqualTo(holds);
    }
}
