package dev.caravan.rank;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MeasureTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            What percentage of households own a heat pump?               | PERCENT
            What share of users never change the default password?       | PERCENT
            how much of the marketing budget is wasted                   | PERCENT
            How much does the basic plan cost per month?                 | MONEY
            median starting salary of the class of 2024                  | MONEY
            How much money does a family lose on food waste?             | MONEY
            How much can a family save by switching plans?               | MONEY
            save up to $300 a year on heating                            | MONEY
            savings from prepaying a mortgage                            | MONEY
            git one-liner to save a snapshot of tracked files            | ANY
            vim mapping to save a file opened without root               | ANY
            save over the existing config file                           | ANY
            vim auto save on exit                                        | ANY
            script to save 2 files at once                               | ANY
            How often should the filter be replaced?                     | FREQUENCY
            How long does the battery take to charge?                    | DURATION
            typical project timeline in weeks                            | DURATION
            How many weeks of training does it take?                     | DURATION
            How heavy is the vacuum?                                     | WEIGHT
            What is the maximum load the shelf can hold?                 | WEIGHT
            How far from the wall should the speaker stand?              | LENGTH
            how deep to dig the fence posts                              | LENGTH
            how long should employee passwords be                        | ANY
            how many essays does the package help write                  | ANY
            budget meal plan: how much rice for one person for the week  | ANY
            Which library stores the log?                                | ANY
            """)
    void the_measure_of_a_quantity_comes_from_the_questions_wording(String query, Measure expected) {
        assertThat(Measure.of(query)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            PERCENT   | As many as 70% of owners never set a schedule.            | true
            PERCENT   | Nearly half of all adults over 30 have signs of it.       | true
            PERCENT   | One in five owners never set a schedule.                  | true
            PERCENT   | Owners set 3 schedules a week.                            | false
            MONEY     | The plan costs $12 a month.                               | true
            MONEY     | Pricing starts at 14 USD per user.                        | true
            MONEY     | The plan covers 12 users.                                 | false
            FREQUENCY | Replace it once or twice a month.                         | true
            FREQUENCY | Replace it every three months.                            | true
            FREQUENCY | The filter lasts long.                                    | false
            DURATION  | Wait for a minimum of one week before pinging reviewers.  | true
            DURATION  | 15 min = 3 hrs                                            | true
            DURATION  | A focused pilot can take 4–6 weeks.                       | true
            DURATION  | The 1990s were different.                                 | false
            WEIGHT    | Robot Weight: 7.49 lbs.                                   | true
            WEIGHT    | The arm adjusts the weight (up to 100 pounds).            | true
            WEIGHT    | It holds 30 books.                                        | false
            LENGTH    | Position grow lights 6-12 inches above your plants.       | true
            LENGTH    | Dig holes at least 18" deep.                              | true
            LENGTH    | Keep them on for 12-16 hours a day.                       | false
            ANY       | Nothing measured here.                                    | true
            """)
    void a_passage_holds_a_number_in_the_measure_asked_for_or_not(Measure measure, String passage, boolean holds) {
        assertThat(measure.heldBy(passage)).isEqualTo(holds);
    }

    /**
     * A page's text is untrusted: a long run of digits (a blob, a hash) is read once, not backtracked through at every
     * digit (before, 20,000 characters of "1." took 10 s for a duration).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
            PERCENT
            MONEY
            FREQUENCY
            DURATION
            WEIGHT
            LENGTH
            """)
    void a_long_run_of_digits_holds_no_measure_and_is_read_once(Measure measure) {
        assertThat(measure.heldBy("1.".repeat(10_000))).isFalse();
        assertThat(measure.heldBy("1".repeat(20_000))).isFalse();
        assertThat(measure.heldBy("1".repeat(20_000) + " 5 kg 6 km 7 days 3% $4 every"))
                .isTrue();
    }
}
