package dev.caravan.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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

    /** A case: a paragraph and its sentences, " // " between them. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a quote ends where its attribution begins | "We rewrote it in Rust. We got 9x to 10x." -- Distinguished engineer | "We rewrote it in Rust. // We got 9x to 10x." // -- Distinguished engineer
            with a curly quote and an em dash          | “It runs all day.” — Maria, a nurse in Leeds                  | “It runs all day.” // — Maria, a nurse in Leeds
            with an en dash and no space               | "Fast and quiet." –Tom                                        | "Fast and quiet." // –Tom
            a dash inside a sentence splits nothing    | The "fast" mode – the default – is quiet.                     | The "fast" mode – the default – is quiet.
            a quote with no attribution stays whole    | He said "it works." Then he left.                             | He said "it works." // Then he left.
            """)
    void a_quotation_and_the_attribution_after_it_are_two_sentences(String name, String paragraph, String sentences) {
        assertThat(Sentences.split(paragraph)).containsExactly(sentences.split(" // "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\n\n", " \n \n "})
    void blank_text_has_no_sentences(String text) {
        assertThat(Sentences.split(text)).isEmpty();
    }
}
