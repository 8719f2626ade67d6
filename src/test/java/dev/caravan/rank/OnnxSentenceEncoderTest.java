package dev.caravan.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caravan.model.Passage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * The sentence-embedding models that can be named, the prefixes their model cards ask for, that they load, and that
 * their vectors are langchain4j's.
 */
class OnnxSentenceEncoderTest {

    /** Each model's query and passage prefix, copied from its model card (empty: none). */
    static final Map<String, List<String>> DOCUMENTED = Map.of(
            "all-minilm-l6-v2-q", List.of("", ""),
            "bge-small-en-v15-q", List.of("Represent this sentence for searching relevant passages: ", ""),
            "e5-small-v2-q", List.of("query: ", "passage: "));

    static final List<String> MODEL_NAMES =
            DOCUMENTED.keySet().stream().sorted().toList();

    @Test
    void every_model_that_can_be_named_has_its_documented_prefixes_listed_here() {
        assertThat(OnnxSentenceEncoder.MODELS).containsExactlyInAnyOrderElementsOf(DOCUMENTED.keySet());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            all-minilm-l6-v2-q | ""                                                          | ""
            bge-small-en-v15-q | "Represent this sentence for searching relevant passages: " | ""
            e5-small-v2-q      | "query: "                                                   | "passage: "
            """)
    void each_model_gets_the_query_and_passage_prefixes_of_its_model_card(
            String name, String queryPrefix, String passagePrefix) {
        assertThat(OnnxSentenceEncoder.prefixes(name))
                .isEqualTo(new OnnxSentenceEncoder.Prefixes(queryPrefix, passagePrefix));
    }

    @ParameterizedTest(name = "{0}")
    @FieldSource("MODEL_NAMES")
    void each_model_loads_and_puts_a_query_closer_to_its_answer_than_to_an_unrelated_passage(String name) {
        SentenceEncoder encoder = OnnxSentenceEncoder.load(name);
        List<String> prefixes = DOCUMENTED.get(name);
        assertThat(encoder.queryText("q")).isEqualTo(prefixes.get(0) + "q");
        assertThat(encoder.passageText("p")).isEqualTo(prefixes.get(1) + "p");

        float[][] v = encoder.encode(List.of(
                encoder.queryText("how much does it cost to install a heat pump"),
                encoder.passageText("Installing an air-source heat pump typically costs between $10,000 and $18,000."),
                encoder.passageText("The Battle of Hastings was fought in 1066 between the Normans and the English.")));

        assertThat(v).hasNumberOfRows(3);
        assertThat(PassageRanker.dot(v[0], v[0])).as("unit length").isCloseTo(1.0, Offset.offset(1e-3));
        assertThat(PassageRanker.dot(v[0], v[1]))
                .as("query to answer vs query to unrelated passage")
                .isGreaterThan(PassageRanker.dot(v[0], v[2]));
    }

    /** About 120 words of ordinary prose. */
    static final String LONG = """
            Heat pumps move heat instead of making it. In winter an air-source heat pump draws warmth from the outside \
            air, even when it is cold, and releases it inside; in summer it runs the other way and cools the house. \
            Because it moves heat rather than burning fuel, a well-installed unit delivers two to four units of heat \
            for each unit of electricity it uses. Installation usually costs between $10,000 and $18,000, depending \
            on the size of the home, the ductwork already in place and local labour rates. Many regions offer rebates \
            or tax credits that lower the price, and running costs are often lower than those of oil or propane \
            furnaces. Ground-source systems cost more to install but work efficiently in colder climates.""";

    /**
     * The texts whose vectors must be langchain4j's: short, long, unicode (accents, CJK, Greek, emoji, a dotted
     * capital I), nearly empty, with tokenizer markers and an unknown word, and longer than the model reads (over 510
     * word pieces: langchain4j's tokenizer cuts it at 512 tokens, 128 for all-MiniLM-L6-v2, and so must ours).
     */
    static final List<String> TEXTS = List.of(
            "How much does a heat pump cost?",
            LONG,
            "Café crème brûlée, naïve façade: Straße in München, 東京タワー is in Tokyo, Ελληνικά, İstanbul 🚀🔥!",
            "…",
            "a",
            "x [SEP] y [UNK] [MASK] " + "z".repeat(150) + " done",
            IntStream.range(0, 90)
                    .mapToObj(i -> "Sentence number " + i + " says something about heat pumps.")
                    .collect(Collectors.joining(" ")));

    @ParameterizedTest(name = "{0}")
    @FieldSource("MODEL_NAMES")
    void each_model_gives_langchain4j_s_own_vectors_for_every_kind_of_text(String name) {
        float[][] ours = OnnxSentenceEncoder.load(name).encode(TEXTS);
        float[][] theirs = OnnxSentenceEncoder.langchain4j(name).encode(TEXTS);

        assertThat(ours).hasNumberOfRows(TEXTS.size());
        for (int i = 0; i < TEXTS.size(); i++) {
            String text = TEXTS.get(i).substring(0, Math.min(40, TEXTS.get(i).length()));
            assertThat(ours[i]).as("text %d (%s)", i, text).containsExactly(theirs[i], Offset.offset(1e-4f));
            assertThat(PassageRanker.dot(ours[i], theirs[i]))
                    .as("cosine, text %d (%s)", i, text)
                    .isGreaterThan(0.9999);
        }
    }

    @Test
    void the_texts_of_one_call_run_side_by_side_one_per_core_and_padded_batches_do_not() {
        int cores = Runtime.getRuntime().availableProcessors();
        BertSentenceModel alone = BertSentenceModel.fromClassPath(
                "all-minilm-l6-v2-q.onnx", "all-minilm-l6-v2-q-tokenizer.json", BertSentenceModel.Pooling.MEAN, 1);
        BertSentenceModel batched = BertSentenceModel.fromClassPath(
                "all-minilm-l6-v2-q.onnx", "all-minilm-l6-v2-q-tokenizer.json", BertSentenceModel.Pooling.MEAN, 8);

        assertThat(alone.sideBySide()).isEqualTo(cores);
        assertThat(batched.sideBySide()).isEqualTo(1);
        // side by side or one after the other, each text's vector is its own (and langchain4j's, tested above)
        float[][] together = alone.encode(TEXTS);
        for (int i = 0; i < TEXTS.size(); i++)
            assertThat(alone.encode(List.of(TEXTS.get(i)))[0]).as("text %d", i).containsExactly(together[i]);
    }

    @ParameterizedTest(name = "{0}")
    @FieldSource("MODEL_NAMES")
    void each_model_gives_a_text_the_same_vector_whatever_else_is_encoded_with_it(String name) {
        SentenceEncoder encoder = OnnxSentenceEncoder.load(name);
        float[][] together = encoder.encode(TEXTS);

        for (int i = 0; i < TEXTS.size(); i++)
            assertThat(encoder.encode(List.of(TEXTS.get(i)))[0])
                    .as("text %d", i)
                    .containsExactly(together[i], Offset.offset(1e-6f));
    }

    @ParameterizedTest(name = "{0}")
    @FieldSource("MODEL_NAMES")
    void a_text_without_tokens_is_refused_as_langchain4j_refuses_it(String name) {
        for (String blank : List.of("", "   ", "\u0000\t")) {
            List<String> texts = List.of("a heat pump", blank);
            assertThatThrownBy(() -> OnnxSentenceEncoder.langchain4j(name).encode(texts))
                    .as("langchain4j, %s", blank.codePoints().boxed().toList())
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> OnnxSentenceEncoder.load(name).encode(texts))
                    .as("ours, %s", blank.codePoints().boxed().toList())
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    /**
     * Why each text runs alone: the models are dynamically quantized (each matrix product scales its whole input to 8
     * bits), so texts run together in one padded batch get other vectors, by far more than the 1e-4 allowed above.
     */
    @Test
    void running_texts_together_would_change_the_vectors_so_each_text_runs_alone() {
        String name = "all-minilm-l6-v2-q";
        float[][] alone = OnnxSentenceEncoder.load(name).encode(TEXTS);
        float[][] together = OnnxSentenceEncoder.batched(name, TEXTS.size()).encode(TEXTS);

        double largest = 0;
        for (int i = 0; i < TEXTS.size(); i++)
            for (int d = 0; d < alone[i].length; d++)
                largest = Math.max(largest, Math.abs(alone[i][d] - together[i][d]));
        assertThat(largest).isGreaterThan(1e-3);
    }

    @Test
    void the_ranker_encodes_passages_with_the_models_passage_prefix() {
        List<String> encoded = new ArrayList<>();
        SentenceEncoder recording = new SentenceEncoder() {
            @Override
            public float[][] encode(List<String> texts) {
                encoded.addAll(texts);
                float[][] vectors = new float[texts.size()][];
                for (int i = 0; i < vectors.length; i++) vectors[i] = new float[] {1, 0};
                return vectors;
            }

            @Override
            public String queryText(String query) {
                return "Q> " + query;
            }

            @Override
            public String passageText(String passage) {
                return "P> " + passage;
            }
        };
        PassageRanker ranker = new PassageRanker(new RankingSettings(5, 3, 0.35, 8), Optional.of(recording));

        ranker.rank(
                "heat pump cost",
                List.of(List.of(new Passage("A heat pump costs about $12,000 to install.", "", 0, 1))));

        assertThat(encoded).containsExactly("Q> heat pump cost", "P> A heat pump costs about $12,000 to install.");
    }
}
