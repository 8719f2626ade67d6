package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caravan.rank.PassageRanker;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The findings keys are checked at startup like every other: one line naming the key, the value and the rule. */
class RankingSettingsTest {

    private final Map<String, String> values = new HashMap<>(Map.of(
            "research.report.max-findings",
            "8",
            "research.report.max-findings-per-source",
            "3",
            "research.report.min-relevance",
            "0.35",
            "research.report.model",
            "none",
            "research.report.rerank-candidates",
            "32",
            "research.report.min-relevance-lexical",
            "0.25"));

    private PassageRanker ranker() {
        return ReportStage.ranker(new PropertyReader(k -> Optional.ofNullable(values.get(k))));
    }

    @Test
    void the_lexical_mode_starts_without_loading_a_model() {
        assertThat(ranker()).isNotNull();
    }

    @Test
    void an_empty_relevance_floor_starts_with_the_floor_fitted_for_the_model() {
        values.put("research.report.min-relevance", "");

        assertThat(ranker()).isNotNull();
    }

    @ParameterizedTest(name = "{0} = ''{1}'' stops startup: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            research.report.max-findings            | 0         | give a whole number from 1 to 100 (findings)
            research.report.max-findings-per-source | many      | give a whole number from 1 to 100 (findings)
            research.report.min-relevance           | 1.5       | give a number from 0.0 to 1.0
            research.report.min-relevance           | high      | give a number from 0.0 to 1.0
            research.report.min-relevance           | NaN       | give a number from 0.0 to 1.0
            research.report.rerank-candidates       | 0         | give a whole number from 1 to 1000 (passages)
            research.report.min-relevance-lexical   | -0.1      | give a number from 0.0 to 1.0
            research.report.model                   | gpt-4     | give none or one of all-minilm-l6-v2-q, bge-small-en-v15-q, e5-small-v2-q
            """)
    void a_bad_value_is_named_with_its_key_its_value_and_what_is_allowed(String key, String value, String allowed) {
        values.put(key, value);

        assertThatThrownBy(this::ranker)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(key + " = '" + value + "' is not allowed: ")
                .hasMessageContaining(allowed);
    }
}
