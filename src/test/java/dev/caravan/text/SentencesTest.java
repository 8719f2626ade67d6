package dev.caravan.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SentencesTest {

    @Test
    void text_is_split_at_sentence_ends() {
        assertThat(Sentences.split("Prices rose in May. Did they fall later? They did not!"))
                .containsExactly("Prices rose in May.", "Did they fall later?", "They did not!");
    }

    @Test
    void a_sentence_never_runs_across_paragraphs_or_lines() {
        assertThat(Sentences.split("A heading without a stop\n\nThe first paragraph ends here.\nA list item"))
                .containsExactly("A heading without a stop", "The first paragraph ends here.", "A list item");
    }

    @Test
    void decimal_numbers_do_not_end_a_sentence() {
        assertThat(Sentences.split("The rate was 3.5 percent in 2024. It fell after that."))
                .containsExactly("The rate was 3.5 percent in 2024.", "It fell after that.");
    }

    @Test
    void surrounding_whitespace_is_stripped() {
        assertThat(Sentences.split("   One.    Two.   ")).containsExactly("One.", "Two.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\n\n", " \n \n "})
    void blank_text_has_no_sentences(String text) {
        assertThat(Sentences.split(text)).isEmpty();
    }
}
