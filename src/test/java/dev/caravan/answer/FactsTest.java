package dev.caravan.answer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Check (b): the numbers, dates, quantities, names and addresses of a sentence must be in its cited passages. */
class FactsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            same money                    | It costs $1,200 a year.                     | The plan costs $1,200 per year.                 | ``
            changed money                 | It costs $1,200 a year.                     | The plan costs $1,000 per year.                 | $1,200
            separators do not matter      | About 1200 users signed up.                 | About 1,200 users signed up in May.             | ``
            a scale word is the same value| Revenue reached $1.2 million.               | Revenue reached $1,200,000 last year.           | ``
            a scale word cannot grow      | Revenue reached 1.2 billion.                | Revenue reached 1.2 million.                    | 1.2 billion
            number words                  | Panels reach 20% efficiency.                | Panels reach about twenty percent efficiency.   | ``
            a number word in the sentence | Students may submit five essays.            | Students may submit up to 5 essays.             | ``
            a changed number word         | Students may submit six essays.             | Students may submit up to FIVE essays.          | six
            percent sign and word         | Loss is 3 percent.                          | Loss is 3%.                                     | ``
            money needs its sign          | The plan costs $1 per seat.                 | One seat is free, two cost $8.                  | $1
            a unit must match             | The battery weighs 5 kg.                    | The battery weighs 5 lb.                        | 5
            a unit said elsewhere         | The battery weighs 5 kg.                    | Weight (kg): 5                                  | ``
            a date in another form        | It was released on 2021-03-05.              | Released March 5, 2021 to the public.           | ``
            a month and year              | It was released in March 2021.              | Released 5 March 2021 to the public.            | ``
            a changed year                | It was released in March 2022.              | Released 5 March 2021 to the public.            | March 2022
            a changed bare year           | The law passed in 2012.                     | The law passed in 2021.                         | 2012
            a year inside a passage date  | The law passed in 2021.                     | The law passed on June 3, 2021.                 | ``
            a changed name                | The model was released by Google.           | The model was released by Microsoft in June.    | google
            a name inside is checked      | It was trained by Anthropic on public text. | It was trained by OpenAI on public text.        | anthropic
            a common first word is not    | The model was trained on public text.       | It was trained on public text.                  | ``
            a name inside                 | It runs on Ollama and vLLM.                 | Ollama and vLLM serve the model.                | ``
            a changed camelCase name      | Set merchantReturnDays to 60.               | "merchantReturnWindow": 60,                     | merchantreturndays
            possessive names              | Tavily's API returns JSON.                  | The Tavily API returns JSON.                    | ``
            a changed code                | Phones need 5G coverage.                    | Phones need 4G coverage.                        | 5g
            an address not in the passage | See http://evil.example/offer for details.  | See the documentation for details.              | evil.example/offer
            an address in the passage     | See docs.example.org/setup for details.     | Setup is described at https://docs.example.org/setup. | ``
            an ordinal                    | It ranked 3rd in the test.                  | It ranked 3rd in the test.                      | ``
            a pronoun one is no number    | One option is a heat pump.                  | A heat pump is an option.                       | ``
            hundreds of is no number      | Hundreds of sites use it.                   | Many sites use it.                              | ``
            a name swapped for a common opening word | Once Co-op Trailmade 60 Pack - Men's | REI Co-op Trailmade 60 Pack - Men's | Once
            a name swapped at the opening | Apple ships the Trailmade 60 Pack.          | REI ships the Trailmade 60 Pack.                | Apple
            a clause of the passage is no swap | Co-op Trailmade 60 Pack           | REI Co-op Trailmade 60 Pack - Men's             | ``
            a hedge added is no swap      | REI reportedly ships the Trailmade 60 Pack. | REI ships the Trailmade 60 Pack.                | ``
            a name swapped in a short line | 38 First Trails                          | 38 Intermediate Trails                          | First
            a plain word swapped is no name | The Trailmade 60 Pack is light.           | The Trailmade 60 Pack is heavy.                 | ``
            """)
    void a_fact_missing_from_the_passages_is_named(String what, String sentence, String passages, String missing) {
        List<String> found = Facts.unsupported(sentence, passages).stream()
                .map(Facts.Missing::fact)
                .toList();

        if (missing == null || missing.isEmpty()) assertThat(found).as(what).isEmpty();
        else assertThat(found).as(what).isNotEmpty().first().asString().containsIgnoringCase(missing);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            a name that opens a sentence    | Anthropic trained the model on public text.       | anthropic
            another form of a passage word  | Installation takes about a day.                    | ``
            a common opening word           | Sources say the model was trained on public text.  | ``
            an opening acronym              | AWS trained the model.                             | aws
            """)
    void a_word_opening_a_sentence_is_checked_unless_it_is_a_common_opening_or_a_passage_word_in_another_form(
            String what, String sentence, String missing) {
        String passage = "OpenAI trained the model on public text. Installing it takes about a day.";

        List<String> found = Facts.unsupported(sentence, passage).stream()
                .map(Facts.Missing::fact)
                .toList();

        if (missing == null || missing.isEmpty()) assertThat(found).as(what).isEmpty();
        else assertThat(found).as(what).containsExactly(missing);
    }
}
