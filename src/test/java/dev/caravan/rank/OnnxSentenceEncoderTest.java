package dev.caravan.rank;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.Passage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.FieldSource;

/** The sentence-embedding models that can be named, the prefixes their model cards ask for, and that they load. */
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
