package dev.caravan.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OrderingTest {

    @ParameterizedTest(name = "{0}: the a's all come first = {1}")
    @CsvSource({"'a1 a2 b1 b2', true", "'a1 b1 a2', false", "'b1 b2', true", "'a1', true", "'b1 a1', false", "'', true"
    })
    void the_first_group_comes_first_only_when_none_of_it_follows_another(String items, boolean allBefore) {
        List<String> list = items.isBlank() ? List.of() : Arrays.asList(items.split(" "));
        assertThat(Ordering.allBefore(list, s -> s.startsWith("a"))).isEqualTo(allBefore);
    }
}
