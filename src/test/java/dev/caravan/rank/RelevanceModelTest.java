package dev.caravan.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.caravan.model.Passage;
import dev.caravan.model.TextBlock.Kind;
import dev.caravan.rank.RelevanceModel.Feature;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the ranking measures of a candidate, on small pages ranked lexically. */
class RelevanceModelTest {

    /** Features of candidates of pages given as "page:position:kind:text" rows, for {@code query}, without the model. */
    private static double[][] features(String query, List<String> rows) {
        List<Candidate> all = new ArrayList<>();
        for (String row : rows) {
            String[] p = row.split(":", 4);
            Kind kind = Kind.valueOf(p[2]);
            String context = kind == Kind.TABLE_ROW ? "Plan | Price" : "";
            Passage passage = new Passage(p[3], "", Integer.parseInt(p[1]), 0, kind, context);
            all.add(new Candidate(Integer.parseInt(p[0]), passage));
        }
        Set<String> queryTerms = Analysis.terms(query);
        LexicalIndex index = PassageRanker.indexed(all, queryTerms);
        return RelevanceModel.features(all, queryTerms, Asked.of(query), index, false);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            holds the quantity asked for      | how much does the basic plan cost | The basic plan costs $12 a month.          | 1
            lacks the quantity asked for      | how much does the basic plan cost | The basic plan suits most small homes.     | -1
            a number in another measure       | how much does the basic plan cost | The basic plan covers 12 users.            | -1
            a number in the measure asked for | how heavy is the robot vacuum     | The robot weighs 7.5 lbs with its bin.     | 1
            a number in another measure       | how heavy is the robot vacuum     | The robot runs for 90 minutes a charge.    | -1
            holds the year asked for          | when was the bridge opened        | The bridge was opened to traffic in 1932.  | 1
            holds a name the query lacks      | which database does Gitea recommend | Gitea recommends PostgreSQL or MySQL.    | 1
            only the query's own names        | which database does Gitea recommend | Gitea needs a database to run.           | -1
            a question asking no kind         | why do heat pumps freeze          | Heat pumps freeze when the coil ices over. | 0
            prose for a named part of code    | which flag purges the task queues | Stop the workers, then purge each queue.   | 0
            prose for a command               | which command purges the queues   | Stop the workers, then purge each queue.   | -1
            """)
    void the_answer_kind_says_whether_a_passage_holds_what_the_question_asks_for(
            String name, String query, String passage, double expected) {
        double[][] f = features(query, List.of("0:0:PARAGRAPH:" + passage));

        assertThat(f[0][Feature.ANSWER_KIND.ordinal()]).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a question asking no kind                | boot to the text console by default                | Created symlink /etc/systemd/system/default.target | -1
            a question asking what a program printed | what does systemctl print as it sets the default   | Created symlink /etc/systemd/system/default.target | 0
            a question asking for a version it holds | which version of Python does Ubuntu 22.04 ship     | Python 3.10.12                                     | 1
            a question asking for a name             | which target makes the machine boot to the console | Removed /etc/systemd/system/default.target.        | 1
            a question naming a part of code         | which setting boots to the text console by default | Created symlink /etc/systemd/system/default.target | -1
            """)
    void a_commands_output_holds_no_answer_to_a_question_of_no_kind_unless_it_asks_what_a_program_printed(
            String name, String query, String line, double expected) {
        Passage output = new Passage(line, "", 1, 0, Kind.CODE, "", true);
        List<Candidate> all = List.of(new Candidate(0, output));
        Set<String> queryTerms = Analysis.terms(query);
        LexicalIndex index = PassageRanker.indexed(all, queryTerms);

        double[][] f = RelevanceModel.features(all, queryTerms, Asked.of(query), index, false);

        assertThat(f[0][Feature.ANSWER_KIND.ordinal()]).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} ranks with the weights and floor fitted for {1}")
    @CsvSource(textBlock = """
            all-minilm-l6-v2-q, all-minilm-l6-v2-q
            e5-small-v2-q,      e5-small-v2-q
            bge-small-en-v15-q, all-minilm-l6-v2-q
            '',                 all-minilm-l6-v2-q
            """)
    void each_model_ranks_with_what_was_fitted_for_it_or_else_with_all_minilms(String model, String fittedFor) {
        RelevanceModel.Fitted fitted = RelevanceModel.fitted(model);

        assertThat(fitted.model()).isEqualTo(fittedFor);
        assertThat(fitted.floor()).isBetween(0.0, 1.0);
        assertThat(fitted.sameCosine()).isBetween(fitted.floor(), 1.0);
        double[] f = new double[Feature.values().length];
        f[Feature.COSINE.ordinal()] = 1;
        assertThat(RelevanceModel.score(f, fitted)).isEqualTo(fitted.weight(Feature.COSINE));
    }

    @Test
    void a_passage_made_of_the_query_words_restates_it_and_one_with_new_words_does_not() {
        double[][] f = features(
                "heat pump running costs",
                List.of("0:0:PARAGRAPH:Heat pump running costs.", "0:1:PARAGRAPH:Radiators warm the rooms slowly."));

        assertThat(f[0][Feature.RESTATES.ordinal()]).isEqualTo(1.0);
        assertThat(f[1][Feature.RESTATES.ordinal()]).isZero();
    }

    @Test
    void a_passage_next_to_the_best_match_gets_its_share_and_a_page_lacking_query_words_gets_a_gap() {
        double[][] f = features(
                "heat pump running costs in winter",
                List.of(
                        "0:0:PARAGRAPH:Heat pump running costs rise in winter.",
                        "0:1:PARAGRAPH:Expect about a third more on the bill.",
                        "0:5:PARAGRAPH:Installers visit in the spring.",
                        "1:0:PARAGRAPH:Heat pumps are quiet."));

        assertThat(f[0][Feature.BM25_SHARE.ordinal()]).isEqualTo(1.0);
        assertThat(f[1][Feature.NEIGHBOUR_BM25.ordinal()]).isEqualTo(1.0);
        assertThat(f[2][Feature.NEIGHBOUR_BM25.ordinal()]).isZero(); // five passages away
        assertThat(f[0][Feature.PAGE_COVERAGE_GAP.ordinal()]).isZero();
        assertThat(f[3][Feature.PAGE_COVERAGE_GAP.ordinal()]).isNegative();
    }

    @Test
    void without_the_model_its_features_are_zero_and_weigh_nothing() {
        double[][] f = features("heat pump costs", List.of("0:0:TABLE_ROW:Basic | $12 a month for heat pump costs"));

        assertThat(f[0][Feature.COSINE.ordinal()]).isZero();
        assertThat(f[0][Feature.PAGE_COSINE_GAP.ordinal()]).isZero();
        assertThat(f[0][Feature.TABLE_ROW.ordinal()]).isEqualTo(1.0);
        assertThat(f[0][Feature.HAS_CONTEXT.ordinal()]).isEqualTo(1.0);
        assertThat(Feature.COSINE.lexical).isZero();
        assertThat(Feature.PAGE_COSINE_GAP.lexical).isZero();
        double expected = 0;
        for (Feature feature : Feature.values()) expected += f[0][feature.ordinal()] * feature.lexical;
        assertThat(RelevanceModel.score(f[0], false)).isCloseTo(expected, within(1e-9));
    }
}
