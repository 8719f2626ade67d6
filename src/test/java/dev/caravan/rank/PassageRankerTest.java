package dev.caravan.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.caravan.model.Passage;
import dev.caravan.model.TextBlock;
import dev.caravan.model.TextBlock.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The ranking on small pages: what comes first, what is never quoted, and which pages are not about the query. */
class PassageRankerTest {

    private static final RankingSettings SETTINGS = new RankingSettings(5, 3, 0.35, 48);
    private static final PassageRanker WITH_MODEL =
            new PassageRanker(SETTINGS, Optional.of(OnnxSentenceEncoder.load("all-minilm-l6-v2-q")));
    private static final PassageRanker LEXICAL = new PassageRanker(SETTINGS, Optional.empty());
    /**
     * E5 small with the floor fitted for it (the key left empty): its cosines run high (an unrelated passage about
     * 0.73), so all-MiniLM's floor of 0.35 would count every page as relevant.
     */
    private static final PassageRanker WITH_E5 = new PassageRanker(
            new RankingSettings(5, 3, Double.NaN, 48, 0.35), Optional.of(OnnxSentenceEncoder.load("e5-small-v2-q")));

    /** A case: the query, its pages (paragraphs of one page separated by " // "), what must come first, what must not appear. */
    record Case(String name, String query, List<String> pages, String first, String never, int irrelevantPage) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> cases() {
        List<Case> cases = List.of(
                new Case(
                        "an off-topic page shares only 'so' with the query",
                        "why is air pollution so bad in Delhi",
                        List.of(
                                "Delhi's air pollution gets worse every winter as smoke from crop burning drifts over the city. "
                                        + "// Vehicle exhaust and construction dust add to the smog that covers Delhi for weeks.",
                                "I like the fact that we lost to them, so we get another shot to play them. "
                                        + "// The quarterback threw for three hundred yards in the second half."),
                        "smoke from crop burning",
                        "we lost to them",
                        1),
                new Case(
                        "an off-topic page shares only 'new' with the query",
                        "Is WeWork being investigated by New York attorney general",
                        List.of(
                                "The New York attorney general has opened an inquiry into WeWork and its former chief executive.",
                                "Farmers planted new rice paddies along the terraces before the rains came this year."),
                        "opened an inquiry into WeWork",
                        "rice paddies",
                        1),
                new Case(
                        "a question is never the answer",
                        "How much do cloud services cost for a small business?",
                        List.of(
                                "How much do cloud services cost for a small business? "
                                        + "// Cloud services for a small business typically cost between $50 and $500 per month."),
                        "between $50 and $500 per month",
                        "How much do cloud services cost",
                        -1),
                new Case(
                        "a sentence that leans back is quoted with the one before it",
                        "how much does the basic camera plan cost per month",
                        List.of(
                                "The basic camera plan covers one camera and keeps video for two weeks. It costs $12 a month."),
                        "The basic camera plan covers one camera and keeps video for two weeks. It costs $12 a month.",
                        null,
                        -1),
                new Case(
                        "the answer beats a page that only repeats the query words",
                        "Which vitamin should a teen switching to a vegetarian diet keep an eye on?",
                        List.of(
                                "Teens switching to a vegetarian diet often ask about protein. "
                                        + "// Many teens enjoy a vegetarian diet and the variety of new foods it brings.",
                                "When it comes to nutrition, you want to keep an eye on B12, a vitamin that is essential to "
                                        + "nerve and blood cells."),
                        "keep an eye on B12",
                        null,
                        -1),
                new Case(
                        "the answer holds the number a how-many question asks for",
                        "How many participants were in the mindfulness anxiety trial?",
                        List.of(
                                "The mindfulness anxiety trial asked whether meditation helps participants with anxiety. "
                                        + "// The study included 89 patients with generalized anxiety disorder."),
                        "89 patients",
                        null,
                        -1));
        List<Arguments> args = new ArrayList<>();
        for (Case c : cases) {
            args.add(Arguments.of("model", WITH_MODEL, c));
            args.add(Arguments.of("lexical", LEXICAL, c));
            args.add(Arguments.of("e5-small-v2-q", WITH_E5, c));
        }
        return args.stream()
                .filter(a -> !(a.get()[0].equals("lexical")
                                && ((Case) a.get()[2]).name().startsWith("the answer")
                        || a.get()[0].equals("lexical")
                                && ((Case) a.get()[2]).name().startsWith("a table row")));
    }

    @ParameterizedTest(name = "{0}: {2}")
    @MethodSource("cases")
    void the_best_passage_comes_first_and_off_topic_text_is_never_quoted(String mode, PassageRanker ranker, Case c) {
        Ranking ranking = rank(ranker, c.query(), c.pages());

        assertThat(ranking.picks()).isNotEmpty();
        assertThat(ranking.picks().get(0).text()).contains(c.first());
        if (c.never() != null)
            assertThat(ranking.picks()).noneMatch(p -> p.text().contains(c.never()));
        if (c.irrelevantPage() >= 0) {
            assertThat(ranking.picks()).noneMatch(p -> p.page() == c.irrelevantPage());
            assertThat(ranking.pages().get(c.irrelevantPage()).relevant()).isFalse();
            assertThat(ranking.pages().get(0).relevant()).isTrue();
        }
    }

    @Test
    void the_same_statement_on_three_pages_is_one_finding_citing_all_three() {
        String same = "Heat pump efficiency drops slowly in cold climates, field tests show.";
        Ranking ranking = rank(
                WITH_MODEL,
                "heat pump efficiency in cold climates",
                List.of(
                        same,
                        same,
                        same + " // Installers in cold climates report far fewer heat pump failures than expected."));

        Ranking.Pick first = ranking.picks().get(0);
        assertThat(first.text()).isEqualTo(same);
        List<Integer> cited = new ArrayList<>(first.alsoOn());
        cited.add(first.page());
        assertThat(cited).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(ranking.picks()).extracting(Ranking.Pick::text).doesNotHaveDuplicates();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            two pages giving different figures in the same words                  | playback time from a 15-minute quick charge                           | A 15-minute quick charge gives 3 hours of playback.                                                   | A 15-minute quick charge gives 2.5 hours of playback.                                                 | A 15-minute quick charge gives 3 hours of playback. | A 15-minute quick charge gives 2.5 hours of playback.
            two lines of code that differ in a flag, though the model reads them alike | celery: how do I purge all task queues except the default celery queue? | You can specify the queues to purge with the -Q option: // `: $ celery -A proj purge -Q celery,foo,bar | You can exclude queues from being purged with the -X option: // `: $ celery -A proj purge -X celery | $ celery -A proj purge -Q celery,foo,bar            | $ celery -A proj purge -X celery
            two lines of code that differ in one dotted name                      | pandas: groupby then sum or mean of each group                        | Sum or average each group: // `: df.groupby('a').sum() // `: df.groupby('a').mean()                | Pandas groups the rows of a data frame by a column.                                                   | df.groupby('a').sum()                               | df.groupby('a').mean()
            """)
    void passages_that_say_different_things_in_nearly_the_same_words_are_two_findings(
            String name, String query, String page, String otherPage, String finding, String otherFinding) {
        Ranking ranking = rank(WITH_MODEL, query, List.of(page, otherPage));

        assertThat(ranking.picks()).extracting(Ranking.Pick::text).contains(finding, otherFinding);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            It costs 12.                     | 12
            From $1,200.50, or 3, or 4.      | 1,200.50 3 4
            No figure here                   | ''
            """)
    void the_numbers_a_passage_gives_are_its_digits_without_the_stop_after_them(String text, String expected) {
        assertThat(PassageRanker.numbers(text))
                .containsExactlyInAnyOrderElementsOf(expected.isEmpty() ? List.of() : List.of(expected.split(" ")));
    }

    @Test
    void a_page_of_thirty_thousand_numbers_in_a_row_is_read_without_overflowing_the_stack() {
        assertThat(PassageRanker.numbers("1.".repeat(30_000))).hasSize(1);
    }

    @Test
    void five_findings_say_five_different_things() {
        List<String> page = new ArrayList<>();
        for (int i = 0; i < 6; i++)
            page.add("Heat pumps keep working in cold climates down to minus " + (20 + i) + " degrees.");
        page.add("Heat pump efficiency in cold climates depends on insulation more than on the pump.");
        Ranking ranking = rank(WITH_MODEL, "heat pump efficiency in cold climates", List.of(String.join(" // ", page)));

        assertThat(ranking.picks())
                .extracting(Ranking.Pick::text)
                .contains("Heat pump efficiency in cold climates depends on insulation more than on the pump.");
    }

    @Test
    void a_sentence_and_the_same_sentence_with_its_neighbour_are_one_finding() {
        Ranking ranking = rank(
                LEXICAL,
                "flask server reachable from other computers",
                List.of("The development server is only reachable from your own computer, not from other computers. "
                        + "This is the default because the debugger can run arbitrary code on your computer."));

        assertThat(ranking.picks())
                .extracting(Ranking.Pick::text)
                .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith(
                        "The development server is only reachable from your own computer, not from other computers.");
    }

    @Test
    void without_query_text_each_page_opens_with_its_first_passages() {
        Ranking ranking = rank(
                LEXICAL,
                null,
                List.of(
                        "The first page opens with this sentence here. It goes on after that.",
                        "The second page opens with another sentence."));

        assertThat(ranking.picks())
                .extracting(Ranking.Pick::text)
                .startsWith(
                        "The first page opens with this sentence here.",
                        "The second page opens with another sentence.");
        assertThat(ranking.pages()).allMatch(Ranking.PageRelevance::relevant);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            How long should passwords be?          | A strong password is at least 15 characters in length and mixes letters with symbols. | true
            What is a good password policy?        | A strong password is at least 15 characters in length and mixes letters with symbols. | false
            How long should passwords be?          | A strong password mixes upper-case and lower-case letters with symbols and punctuation marks. | false
            """)
    void the_first_pass_keeps_a_further_hit_that_holds_the_kind_of_answer_asked_for(
            String query, String answer, boolean kept) {
        // more passages than the page's 40 candidates say "password" in fewer words than the answer, with no number
        StringBuilder page = new StringBuilder();
        for (int i = 0; i < RankingSettings.CANDIDATES_PER_PAGE + 10; i++)
            page.append("Rule ")
                    .append(Character.toString('A' + i % 26))
                    .append(Character.toString('a' + i / 26))
                    .append(": change your password often now. // ");
        page.append(answer);

        List<Passage> candidates = LEXICAL.candidates(blocks(page.toString()), query);

        assertThat(candidates.stream().anyMatch(p -> p.text().equals(answer))).isEqualTo(kept);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            SQL function that turns a table into a hypertable | SELECT create_hypertable('conditions');    | true
            What logging call records the caught exception?   | logger.exception('Something happened')     | true
            SQL function that turns a table into a hypertable | SELECT add_retention_policy('conditions'); | false
            """)
    void the_first_pass_finds_a_line_of_code_by_the_words_of_its_compound_names(
            String query, String line, boolean kept) {
        StringBuilder page = new StringBuilder();
        for (int i = 0; i < RankingSettings.CANDIDATES_PER_PAGE + 10; i++)
            page.append("The weather was fine on day ").append(i).append(". // ");
        page.append("`: ").append(line);

        List<Passage> candidates = LEXICAL.candidates(blocks(page.toString()), query);

        assertThat(candidates.stream().anyMatch(p -> p.text().equals(line))).isEqualTo(kept);
    }

    @Test
    void the_first_pass_finds_lines_of_code_by_the_comment_above_them() {
        StringBuilder page = new StringBuilder("`: -- Sample more rows than the default of 100 for these fields");
        for (String column : List.of("status", "region", "placed_at", "shipped_at"))
            page.append("\nALTER TABLE orders ALTER COLUMN ").append(column).append(" SET STATISTICS 500;");

        List<Passage> candidates = LEXICAL.candidates(
                blocks(page.toString()), "How do I make ANALYZE sample more rows than the default of 100?");

        // the last line is too far from the comment to be kept as its neighbour: its comment's words find it
        assertThat(candidates)
                .extracting(Passage::text)
                .contains("ALTER TABLE orders ALTER COLUMN shipped_at SET STATISTICS 500;");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            How heavy is the fire pit?           | -: Weight: 15.92 kg (35.1 lb)   | true
            How heavy is the fire pit?           | -: Colour: stainless steel      | false
            How many fire pits are in stock?     | -: Weight: 15.92 kg (35.1 lb)   | false
            """)
    void the_first_pass_keeps_a_passage_in_the_measure_asked_for_though_it_shares_no_word_with_the_query(
            String query, String passage, boolean kept) {
        StringBuilder page = new StringBuilder();
        for (int i = 0; i < RankingSettings.CANDIDATES_PER_PAGE + 10; i++)
            page.append("The fire pit burns wood cleanly, model ").append(i).append(". // ");
        for (int i = 0; i < 10; i++) page.append("-: Finish option ").append(i).append(": matte // ");
        page.append(passage);

        List<Passage> candidates = LEXICAL.candidates(blocks(page.toString()), query);

        assertThat(candidates.stream().anyMatch(p -> passage.endsWith(p.text())))
                .isEqualTo(kept);
    }

    @Test
    void the_first_pass_keeps_passages_that_share_a_word_with_the_query_best_first_then_their_neighbours() {
        List<Passage> candidates = LEXICAL.candidates(
                blocks("The museum opens at nine every single day. "
                        + "// Heat pumps work in cold climates as well as in mild ones. "
                        + "// Heat pump efficiency drops slowly in cold climates, tests show."),
                "heat pump efficiency in cold climates");

        assertThat(candidates)
                .extracting(Passage::text)
                .containsExactly(
                        "Heat pump efficiency drops slowly in cold climates, tests show.",
                        "Heat pumps work in cold climates as well as in mild ones.",
                        // next to a hit: an answer often sits beside the words that match the query
                        "The museum opens at nine every single day.");
        assertThat(candidates.get(0).score()).isGreaterThan(candidates.get(1).score());
        assertThat(candidates.get(2).score()).isZero();
    }

    @Test
    void a_model_that_fails_leaves_the_query_ranked_by_its_words() {
        SentenceEncoder broken = texts -> {
            throw new IllegalStateException("onnx session closed");
        };
        PassageRanker ranker = new PassageRanker(SETTINGS, Optional.of(broken));

        Ranking ranking = rank(
                ranker,
                "heat pump efficiency in cold climates",
                List.of("Heat pump efficiency drops slowly in cold climates, tests show."));

        assertThat(ranking.picks())
                .extracting(Ranking.Pick::text)
                .containsExactly("Heat pump efficiency drops slowly in cold climates, tests show.");
    }

    @Test
    void the_best_bm25_passage_stays_among_the_first_five_when_the_model_likes_six_others_better() {
        String lexicalBest = "The Acme widget torque rating is 40 newton metres at full load.";
        // the model sees the query as e0; it puts every other passage at 0.8 (and apart from each other), this one at 0
        SentenceEncoder skewed = texts -> {
            float[][] vectors = new float[texts.size()][16];
            vectors[0][0] = 1;
            for (int i = 1; i < texts.size(); i++) {
                if (texts.get(i).contains("torque rating is")) {
                    vectors[i][1] = 1;
                } else {
                    vectors[i][0] = 0.8f;
                    vectors[i][1 + i % 15] = 0.6f;
                }
            }
            return vectors;
        };
        PassageRanker ranker = new PassageRanker(new RankingSettings(8, 8, 0.35, 48), Optional.of(skewed));

        Ranking ranking = rank(
                ranker,
                "Acme widget torque rating",
                List.of(
                        lexicalBest
                                + " // The Acme widget ships in blue and in grey. // An Acme widget fits most bench vices."
                                + " // Each Acme widget comes with a two-year warranty. // The widget rating label sits on the base."
                                + " // Acme sells the widget in packs of four or ten. // Torque wrenches are sold separately by Acme."));

        assertThat(ranking.picks()).hasSizeGreaterThan(5);
        assertThat(ranking.picks().subList(0, 5)).extracting(Ranking.Pick::text).contains(lexicalBest);
        assertThat(ranking.picks().get(0).text()).isNotEqualTo(lexicalBest); // the model's order stands otherwise
    }

    @Test
    void the_model_also_reads_the_query_without_the_words_that_run_through_a_page() {
        List<String> encoded = new ArrayList<>();
        PassageRanker ranker = recordingWhatTheModelReads(encoded);

        rank(
                ranker,
                "How many participants were in the Georgetown anxiety trial led by Elizabeth Hoge?",
                List.of("The Georgetown anxiety trial was led by Elizabeth Hoge. // Hoge ran the Georgetown anxiety"
                        + " trial for two years. // The Georgetown anxiety trial used a stress test. // The study"
                        + " included 89 patients with generalized anxiety disorder."));

        assertThat(encoded)
                .filteredOn(text -> text.startsWith("How many participants"))
                .hasSize(2) // the whole query, and the query on that page
                .anyMatch(text -> !text.contains("Georgetown") && !text.contains("anxiety"));
    }

    @Test
    void the_model_reads_the_query_its_candidates_and_the_query_beyond_each_page_in_one_call_each_text_once() {
        List<List<String>> calls = new ArrayList<>();
        SentenceEncoder recording = texts -> {
            calls.add(List.copyOf(texts));
            return texts.stream().map(PassageRankerTest::vectorOf).toArray(float[][]::new);
        };
        PassageRanker ranker = new PassageRanker(SETTINGS, Optional.of(recording));
        String query = "How many participants were in the Georgetown anxiety trial led by Elizabeth Hoge?";
        List<List<Passage>> pages = Stream.of(
                        "The Georgetown anxiety trial was led by Elizabeth Hoge. // Hoge ran the Georgetown anxiety"
                                + " trial for two years. // The Georgetown anxiety trial used a stress test. // The"
                                + " study included 89 patients with generalized anxiety disorder.",
                        // two candidates: too few for a word to run through the page, so it has no query of its own
                        "`: pip install anxiety-trial-tools // `: pip install anxiety-trial-tools")
                .map(page -> ranker.candidates(blocks(page), query))
                .toList();

        List<PassageRanker.Measured> measured = ranker.measure(query, pages, 48, List.of());

        assertThat(calls).hasSize(1); // the query beyond the first page too: no second call
        List<String> read = calls.get(0);
        assertThat(read).doesNotHaveDuplicates();
        List<String> queries = read.stream()
                .filter(text -> text.startsWith("How many participants"))
                .toList();
        assertThat(queries).hasSize(2).first().isEqualTo(query);
        String beyondFirstPage = queries.get(1);
        assertThat(beyondFirstPage).doesNotContain("Georgetown").doesNotContain("anxiety");
        assertThat(measured)
                .filteredOn(m -> m.passage().text().equals("pip install anxiety-trial-tools"))
                .hasSize(2);
        int residual = PassageRanker.featureNames().indexOf("RESIDUAL_COSINE");
        for (PassageRanker.Measured m : measured) {
            float[] passage = vectorOf(m.passage().text());
            assertThat(m.withModel()).as(m.passage().text()).isNotNull(); // fewer candidates than reads: all read
            assertThat(m.cosine())
                    .as(m.passage().text())
                    .isCloseTo(PassageRanker.dot(vectorOf(query), passage), within(1e-6));
            float[] beyond = vectorOf(m.page() == 0 ? beyondFirstPage : query);
            assertThat(m.withModel()[residual])
                    .as(m.passage().text())
                    .isCloseTo(PassageRanker.dot(beyond, passage), within(1e-6));
        }
    }

    /** A unit vector of its own for each text: its characters counted by their code, modulo 16. */
    private static float[] vectorOf(String text) {
        float[] v = new float[16];
        text.chars().forEach(c -> v[c % 16]++);
        double norm = 0;
        for (float x : v) norm += x * x;
        for (int i = 0; i < v.length; i++) v[i] /= (float) Math.sqrt(norm);
        return v;
    }

    @Test
    void the_model_reads_a_sentence_under_its_heading_and_a_table_row_under_its_header_row() {
        List<String> encoded = new ArrayList<>();
        PassageRanker ranker = recordingWhatTheModelReads(encoded);

        rank(
                ranker,
                "Tech Elevator bootcamp tuition cost",
                List.of("#: Tech Elevator // While the $16,500 tuition might seem steep, it pays off. // ^: Bootcamp |"
                        + " Tuition // |: Tech Elevator | $16,500"));

        assertThat(encoded)
                .contains(
                        "Tech Elevator\nWhile the $16,500 tuition might seem steep, it pays off.",
                        "Bootcamp | Tuition\nTech Elevator | $16,500");
    }

    @Test
    void a_table_row_that_answers_is_quoted_with_its_header_row_before_the_rows_that_do_not() {
        Ranking ranking = rank(
                WITH_MODEL,
                "What graphics cards come in a tinybox Green v2?",
                List.of("#: The tinybox Green v2 // ^: Component | Specification // |: CPU | AMD EPYC 7532"
                        + " // |: GPU | 4 × Nvidia RTX 5090 // |: Storage | 4 TB NVMe"));

        List<String> texts = ranking.picks().stream().map(Ranking.Pick::text).toList();
        assertThat(texts).contains("GPU | 4 × Nvidia RTX 5090");
        int gpu = texts.indexOf("GPU | 4 × Nvidia RTX 5090");
        for (String other : List.of("CPU | AMD EPYC 7532", "Storage | 4 TB NVMe"))
            assertThat(texts.indexOf(other))
                    .as(other)
                    .satisfiesAnyOf(
                            at -> assertThat(at).isEqualTo(-1),
                            at -> assertThat(at).isGreaterThan(gpu));
        assertThat(ranking.picks())
                .filteredOn(p -> p.text().startsWith("GPU"))
                .singleElement()
                .extracting(Ranking.Pick::context)
                .isEqualTo("Component | Specification");
    }

    @Test
    void the_best_bm25_passage_is_a_finding_under_the_floor_when_its_page_is_relevant() {
        String query = "how many words were in the starfield agent's planning documents";
        String line = "Total size: 13,220 lines / 45,171 words"; // holds the rarest word, covers a quarter of the query
        String relevant = "Over two long weeks of work on the starfield background for the little space game, which was"
                + " meant to take an afternoon at most and ended up taking over the whole sprint, the agent produced"
                + " planning documents that nobody on the team could follow, review or use for anything at all. // -: "
                + line + " // The agent kept planning every single day. // The planning documents grew longer every"
                + " single day. // The agent rewrote all the planning documents again after the first review. // Each"
                + " agent plan was longer than the one before it.";
        String offTopic = "The ship flies through the asteroid belt at night. // -: " + line
                + " // The ship fires at every asteroid it sees on the way.";

        assertThat(rank(LEXICAL, query, List.of(relevant)).picks())
                .as("on a page about the query")
                .extracting(Ranking.Pick::text)
                .contains(line);
        assertThat(rank(LEXICAL, query, List.of(offTopic)).picks())
                .as("on a page with no passage at the floor")
                .isEmpty();
    }

    @Test
    void without_the_model_a_short_item_under_the_floor_is_a_finding_when_its_page_is_relevant() {
        String query = "how many easy mountain bike trails are there near Houston for beginners";
        String answer = "70 Easy Trails"; // two of the query's words: under the floor, and not its best BM25 passage
        String relevant = "#: Houston Biking // Houston has mountain bike trails near the city for beginners and"
                + " experts. // -: 149 Miles of Trail // -: " + answer + " // -: 38 Intermediate Trails";
        String offTopic = "The trails in the park are closed at night. // -: " + answer;

        List<String> picks = rank(LEXICAL, query, List.of(relevant)).picks().stream()
                .map(Ranking.Pick::text)
                .toList();
        assertThat(picks).as("on a page about the query").contains(answer);
        assertThat(rank(LEXICAL, query, List.of(offTopic)).picks())
                .as("on a page with no passage at the floor")
                .isEmpty();
    }

    /**
     * Rows of one table, items of one list and lines of one code block are read by the model with the same context
     * (the header row, the lead-in), which makes their cosine high whatever the cells say; they are different
     * findings unless one's text holds the other's.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("recordsUnderOneContext")
    void rows_of_one_table_are_different_findings_though_the_model_reads_each_with_the_same_header(
            String name, String query, String page, String answer) {
        Ranking ranking = rank(WITH_MODEL, query, List.of(page));

        assertThat(ranking.picks())
                .as("%s", ranking.picks())
                .extracting(Ranking.Pick::text)
                .contains(answer);
    }

    static Stream<Arguments> recordsUnderOneContext() {
        return Stream.of(
                Arguments.of(
                        "table rows under a long header row",
                        "How long did the Codex CLI need to finish the task?",
                        "#: Results of the five AI coding tools // |: Tool | Produces production-ready code? | Code quality"
                                + " and UX | Concise logic? | Time taken // |: Gemini CLI | Yes | Good code quality, but"
                                + " the UX was lacking | Yes | Under 2 minutes // |: Qwen CLI | Yes | Excellent code"
                                + " quality with significant UX improvements | Yes | Over 2 minutes // |: Crush CLI | Yes |"
                                + " Good code quality | Yes | Approx. 1.5 minutes // |: Kilocode CLI | Yes | Good code"
                                + " quality with average UX | Yes | Under 1 minute // |: Codex CLI | Yes | Excellent code"
                                + " quality with superior UX | Yes | Over 3 minutes",
                        "Codex CLI | Yes | Excellent code quality with superior UX | Yes | Over 3 minutes"),
                Arguments.of(
                        "table rows of a price list",
                        "average cost to hire movers for a 3 bedroom home",
                        "#: Moving costs in New York // |: Home size | Avg. total cost | Cost/hour | # of movers | # hours"
                                + " // |: Studio | $465 | $183 | 2 movers | 3 hours // |: 1 bedroom | $648 | $183 | 2"
                                + " movers | 4 hours // |: 2 bedroom | $1,052 | $257 | 3 movers | 5 hours // |: 3 bedroom |"
                                + " $2,438 | $359 | 4 movers | 8 hours // |: 4 bedroom | $2,797 | $359 | 4 movers | 9 hours",
                        "3 bedroom | $2,438 | $359 | 4 movers | 8 hours"));
    }

    @Test
    void a_tables_header_row_is_not_a_finding_of_its_own_but_context_beside_the_row_that_answers() {
        Ranking ranking = rank(
                WITH_MODEL,
                "What graphics cards come in a tinybox Green v2?",
                List.of("#: My tinybox Green v2 // The tinybox Green v2 is an awesome piece of kit, it comes fully"
                        + " loaded with: // ^: Component | Specification // |: GPU | 4 × Nvidia RTX 5090 // |: CPU |"
                        + " AMD EPYC 7532"));

        assertThat(ranking.picks())
                .as("%s", ranking.picks())
                .filteredOn(p -> p.text().startsWith("GPU"))
                .singleElement()
                .extracting(Ranking.Pick::context)
                .isEqualTo("Component | Specification");
        assertThat(ranking.picks()).extracting(Ranking.Pick::text).doesNotContain("Component | Specification");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rankers")
    void a_header_row_that_reads_like_the_query_gives_its_place_to_the_row_the_query_names(
            String mode, PassageRanker ranker) {
        String header =
                "Plan | Communities | Downloads & Coaching | Memberships & Bundles | Branding | Advanced Features";
        String grow = "Grow | 3 | Unlimited | ✅ | ✅ | Group Orders, Analytics, API";
        Ranking ranking = rank(
                ranker,
                "Thinkific Grow plan: which advanced features does it add over the cheaper plans?",
                List.of("#: Thinkific pricing // Every Thinkific plan can add advanced features through apps. //"
                        + " The cheaper plans are enough for most new course creators. // Thinkific plans grow with"
                        + " your school and add features over time. // ^: " + header
                        + " // |: Basic | 1 | 5 each | ❌ | ❌ | ❌ // |: Start | 1 | Unlimited | ✅ | ❌ | HTML/CSS Editing"
                        + " // |: " + grow + " // |: Plus | Unlimited | Unlimited | ✅ | ✅ | SCORM, SSO, CRM"));

        assertThat(ranking.picks())
                .as("%s", ranking.picks())
                .filteredOn(p -> p.text().equals(grow))
                .singleElement()
                .extracting(Ranking.Pick::context)
                .isEqualTo(header);
        assertThat(ranking.picks()).extracting(Ranking.Pick::text).doesNotContain(header);
    }

    /**
     * Which row takes a header row's place ({@code rowNaming}), on one page of two tables with the same header row:
     * "^" the header rows, "|" the rows under them in page order, a row the model read marked "read".
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', textBlock = """
            the row of its own table that names the query ~ 0 ~ false ~ ^ Plan | Features ~ | Basic | API ~ | Grow | Analytics, read ~ ^ Plan | Features ~ | Kickstarter | Forms, read ~ Grow | Analytics
            never a row of the next table of the same columns ~ 0 ~ false ~ ^ Plan | Features ~ | Basic | API, read ~ | Start | Forms, read ~ ^ Plan | Features ~ | Grow | Analytics, read ~ Plan | Features
            the next table's own row for its header ~ 3 ~ false ~ ^ Plan | Features ~ | Basic | API, read ~ | Start | Forms, read ~ ^ Plan | Features ~ | Grow | Analytics, read ~ Grow | Analytics
            with the model, never a row it did not read ~ 0 ~ false ~ ^ Plan | Features ~ | Basic | API ~ | Grow | Analytics ~ ^ Other | Columns ~ | Pro | Support ~ Plan | Features
            lexical-only, any row of its table ~ 0 ~ true ~ ^ Plan | Features ~ | Basic | API ~ | Grow | Analytics ~ ^ Other | Columns ~ | Pro | Support ~ Grow | Analytics
            """)
    void a_header_row_gives_its_place_only_to_a_row_of_its_own_table(
            String name,
            int header,
            boolean lexicalOnly,
            String r0,
            String r1,
            String r2,
            String r3,
            String r4,
            String expected) {
        List<Candidate> all = new ArrayList<>();
        String heads = "";
        for (String row : List.of(r0, r1, r2, r3, r4)) {
            boolean read = row.endsWith(", read");
            String text = row.substring(2).replace(", read", "").strip();
            if (row.startsWith("^")) heads = text;
            Passage passage = new Passage(text, "", all.size(), 0, Kind.TABLE_ROW, row.startsWith("^") ? "" : heads);
            Candidate c = new Candidate(0, passage);
            if (read || row.startsWith("^")) c.vector = new float[] {1};
            all.add(c);
        }

        Candidate chosen =
                PassageRanker.rowNaming(all.get(header), all, Analysis.terms("Grow plan features"), lexicalOnly);

        assertThat(chosen.passage.text()).isEqualTo(expected);
    }

    static Stream<Arguments> rankers() {
        return Stream.of(Arguments.of("with the model", WITH_MODEL), Arguments.of("lexical-only", LEXICAL));
    }

    @Test
    void a_lead_in_that_answers_stays_a_finding_of_its_own_showing_the_items_it_introduces() {
        String leadIn = "If you are using the Common App to apply for college admissions, you will have 250–650 words"
                + " to respond to ONE of the following prompts:";
        Ranking ranking = rank(
                WITH_MODEL,
                "Common App 2025-26 personal essay word limit",
                List.of("#: 2025–26 Common App Essays // " + leadIn + " // -: Discuss an accomplishment, event, or"
                        + " realization that sparked a period of personal growth. // -: Reflect on a time when you"
                        + " questioned or challenged a belief or idea."));

        assertThat(ranking.picks())
                .as("%s", ranking.picks())
                .extracting(Ranking.Pick::text)
                .contains(
                        leadIn + "\nDiscuss an accomplishment, event, or realization that sparked a period of personal"
                                + " growth.\nReflect on a time when you questioned or challenged a belief or idea.");
    }

    @Test
    void a_lead_in_that_is_a_finding_shows_the_short_block_it_introduces_and_its_lines_are_no_further_findings() {
        String leadIn = "You capture unhandled promise rejections in Node.js by adding a handler for the"
                + " unhandledRejection event, like this:";
        Ranking ranking = rank(
                LEXICAL,
                "capture unhandled promise rejections in Node.js",
                List.of(leadIn + " // `: process.on(\"unhandledRejection\", (reason, promise) => {\n});"
                        + " // Unhandled promise rejections in Node.js are logged to the console."));

        assertThat(ranking.picks())
                .extracting(Ranking.Pick::text)
                .contains(leadIn + "\nprocess.on(\"unhandledRejection\", (reason, promise) => {\n});")
                .noneMatch(text -> text.startsWith("process.on"));
    }

    /**
     * Whether one passage's quote holds another whole (" ⏎ " before what the first shows): as a line of it, or anywhere
     * when the second is long enough not to be a value many passages hold.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', textBlock = """
            a lead-in and the line it shows       ~ Add a handler, like this: ⏎ process.on("exit", done); ~ process.on("exit", done); ~ true
            a sentence and the pair it is in      ~ The server is slow at start. It warms up in a minute.   ~ It warms up in a minute.  ~ true
            a short value in a sentence           ~ Version 3.12 cut the run from 120 ms to 80 ms.          ~ 120                       ~ false
            a short value as a line of the quote  ~ Compute it, like this: ⏎ >>> f(5) ⏎ 120                  ~ 120                       ~ true
            a short value inside a line           ~ Compute it, like this: ⏎ x = 1200                       ~ 120                       ~ false
            """)
    void a_quote_holds_a_passage_as_a_line_of_it_or_when_long_enough_anywhere(
            String name, String quote, String passage, boolean holds) {
        String[] parts = quote.split(" ⏎ ", 2);
        Passage a = new Passage(
                parts[0], "", 0, 0, Kind.PARAGRAPH, "", false, parts.length > 1 ? parts[1].replace(" ⏎ ", "\n") : "");

        assertThat(PassageRanker.holds(a, new Passage(passage, "", 1, 0))).isEqualTo(holds);
    }

    static Stream<Arguments> sources() {
        String asks = "How long should a beginner meditate each day, according to Harvard Health?";
        String plain = "How long should a beginner meditate each day?";
        List<String> byTitle = List.of("Meditation basics www.example.org", "Meditation basics - Harvard Health");
        List<String> byHost = List.of("Meditation basics www.example.org", "Meditation basics health.harvard.edu");
        return Stream.of(LEXICAL, WITH_MODEL)
                .flatMap(ranker -> Stream.of(
                        Arguments.of("a query that names a page's title", ranker, asks, byTitle, true),
                        Arguments.of("a query that names a page's host", ranker, asks, byHost, true),
                        Arguments.of("a query that names no source", ranker, plain, byHost, false)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sources")
    void of_two_pages_saying_the_same_the_one_whose_title_or_host_the_query_names_comes_first(
            String name, PassageRanker ranker, String query, List<String> sources, boolean followsSource) {
        String rest = " // Breathing slowly calms the body and the mind. // Sitting upright on a cushion keeps the back"
                + " straight.";
        List<List<Passage>> pages = Stream.of(
                        "As long as it feels easy, a beginner should meditate for ten minutes each day." + rest,
                        "As long as it feels easy, a beginner should meditate for twelve minutes each day." + rest)
                .map(p -> ranker.candidates(blocks(p), query))
                .toList();
        List<String> swapped = List.of(sources.get(1), sources.get(0));

        Ranking ranking = ranker.rank(query, pages, sources);
        Ranking sourcesSwapped = ranker.rank(query, pages, swapped);

        assertThat(ranking.picks()).isNotEmpty();
        assertThat(sourcesSwapped.picks()).isNotEmpty();
        if (followsSource) { // the page whose source the query names: the second, then the first
            assertThat(ranking.picks().get(0).page()).isEqualTo(1);
            assertThat(sourcesSwapped.picks().get(0).page()).isEqualTo(0);
        } else {
            assertThat(sourcesSwapped.picks().get(0).page())
                    .isEqualTo(ranking.picks().get(0).page());
        }
    }

    /** A ranker whose model adds every text it is given to {@code encoded} (and finds them all alike). */
    private static PassageRanker recordingWhatTheModelReads(List<String> encoded) {
        SentenceEncoder recording = texts -> {
            encoded.addAll(texts);
            float[][] vectors = new float[texts.size()][];
            for (int i = 0; i < vectors.length; i++) vectors[i] = new float[] {1, 0};
            return vectors;
        };
        return new PassageRanker(SETTINGS, Optional.of(recording));
    }

    private static Ranking rank(PassageRanker ranker, String query, List<String> pages) {
        List<List<Passage>> candidates =
                pages.stream().map(p -> ranker.candidates(blocks(p), query)).toList();
        return ranker.rank(query, candidates);
    }

    /**
     * A page's blocks: " // " between them; "#: ", "|: ", "^: ", "-: " or "`: " in front makes a heading, table row,
     * header row (as the page marks it), list item or code.
     */
    private static List<TextBlock> blocks(String page) {
        return Stream.of(page.split(" // "))
                .map(String::strip)
                .map(t -> t.length() > 3 && t.charAt(1) == ':' && t.charAt(2) == ' '
                        ? new TextBlock(
                                switch (t.charAt(0)) {
                                    case '#' -> Kind.HEADING;
                                    case '|', '^' -> Kind.TABLE_ROW;
                                    case '-' -> Kind.LIST_ITEM;
                                    case '`' -> Kind.CODE;
                                    default -> Kind.PARAGRAPH;
                                },
                                t.substring(3),
                                t.charAt(0) == '^')
                        : new TextBlock(Kind.PARAGRAPH, t))
                .toList();
    }
}
