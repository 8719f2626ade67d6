package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class ShingleF1Test {

    @Test
    void identical_texts_score_one() {
        ShingleF1 f = new ShingleF1();
        f.add("one two three four five", "one two three four five");
        assertThat(f.f1()).isEqualTo(1.0);
    }

    @Test
    void extra_text_lowers_precision_but_not_recall() {
        ShingleF1 f = new ShingleF1();
        f.add("a b c d e", "a b c d e f g");
        // truth shingles: abcd, bcde; predicted: abcd, bcde, cdef, defg -> tp 2, fp 2 (normalised /4)
        assertThat(f.precision()).isCloseTo(0.5, within(1e-9));
        assertThat(f.recall()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void markdown_links_images_and_fences_do_not_add_tokens() {
        String md =
                "# Title\n\n![logo](https://x.com/a.png) see [the docs](https://x.com/docs \"t\")\n\n```java\ncode_here\n```\n\n1. first\n";
        assertThat(ShingleF1.tokens(ShingleF1.stripMarkdown(md)))
                .containsExactly("Title", "see", "the", "docs", "code_here", "first");
    }
}
