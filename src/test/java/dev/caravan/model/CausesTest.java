package dev.caravan.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

class CausesTest {

    @Test
    void the_chain_runs_from_the_outermost_error_to_the_innermost_cause() {
        IOException root = new IOException("disk");
        UncheckedIOException middle = new UncheckedIOException(root);
        IllegalStateException outer = new IllegalStateException("outer", middle);

        assertThat(Causes.chain(outer)).containsExactly(outer, middle, root);
        assertThat(Causes.root(outer)).isSameAs(root);
        assertThat(Causes.root(root)).isSameAs(root);
        assertThat(Causes.chain(null)).isEmpty();
    }

    @Test
    void find_returns_the_outermost_match_of_a_class_or_an_interface() {
        IllegalArgumentException inner = new IllegalArgumentException("inner");
        IllegalArgumentException outer = new IllegalArgumentException("outer", new IllegalStateException(inner));

        assertThat(Causes.find(outer, IllegalArgumentException.class)).containsSame(outer);
        assertThat(Causes.find(new RuntimeException(inner), IllegalArgumentException.class))
                .containsSame(inner);
        assertThat(Causes.find(outer, java.io.IOException.class)).isEmpty();
        assertThat(Causes.find(null, RuntimeException.class)).isEmpty();
    }

    @Test
    void a_cause_cycle_ends_the_walk() {
        RuntimeException a = new RuntimeException("a");
        RuntimeException b = new RuntimeException("b", a);
        a.initCause(b);

        assertThat(Causes.chain(a)).containsExactly(a, b);
        assertThat(Causes.root(a)).isSameAs(b);
    }
}
