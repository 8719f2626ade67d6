package dev.caravan.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TermsTest {

    @ParameterizedTest
    @CsvSource({"running, runn", "sing, sing", "batteries, battery", "ties, tie", "tested, test", "red, red",
            "pumps, pump", "glass, glass", "gas, gas", "climates, climate"})
    void light_stemming_drops_common_suffixes_from_long_enough_words(String word, String stem) {
        assertThat(Terms.stem(word)).isEqualTo(stem);
    }

    @Test
    void content_terms_drop_stop_words_and_single_letters_but_keep_digits() {
        assertThat(Terms.content("What is the EU's 2 degree target for Heat Pumps, a x?"))
                .containsExactly("eu", "2", "degree", "target", "heat", "pump");
    }

    @Test
    void words_keep_stop_words_in_order() {
        assertThat(Terms.words("The pumps are running")).containsExactly("the", "pump", "are", "runn");
    }

    @Test
    void jaccard_is_shared_over_all_terms() {
        assertThat(Terms.jaccard(Set.of("a", "b", "c"), Set.of("b", "c", "d"))).isEqualTo(0.5);
        assertThat(Terms.jaccard(Set.of("a"), Set.of("b"))).isZero();
        assertThat(Terms.jaccard(Set.of(), Set.of())).isEqualTo(1.0);
    }
}
