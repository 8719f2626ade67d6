package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The retry and breaker keys were research.tavily.*; for one release the old names still work, with a warning. */
class RenamedKeysTest {

    private final Map<String, String> values = new HashMap<>(Map.of(
            "research.search.max-retries", "3",
            "research.search.retry-delay-ms", "1000",
            "research.search.breaker-min-calls", "4",
            "research.search.breaker-open-seconds", "60"));

    private java.util.function.Function<String, Optional<String>> source() {
        return k -> Optional.ofNullable(values.get(k));
    }

    private PropertyReader props() {
        return new PropertyReader(source());
    }

    @ParameterizedTest(name = "{0} = {2} is read as {1}, with a warning naming {1}")
    @CsvSource(delimiter = '|', textBlock = """
            research.tavily.max-retries          | research.search.max-retries          | 7
            research.tavily.retry-delay-ms       | research.search.retry-delay-ms       | 250
            research.tavily.breaker-min-calls    | research.search.breaker-min-calls    | 9
            research.tavily.breaker-open-seconds | research.search.breaker-open-seconds | 30
            """)
    void an_old_name_still_works_and_startup_warns_naming_the_new_key(String old, String now, String value) {
        values.put(old, value);

        assertThat(props().string(now)).isEqualTo(value);
        assertThat(RenamedKeys.warnings(source()))
                .singleElement()
                .asString()
                .startsWith(old + " is an old name: rename it to " + now);
    }

    @ParameterizedTest(name = "{0} read with only the new names set gives {1} and no warning")
    @CsvSource(delimiter = '|', textBlock = """
            research.search.max-retries       | 3
            research.search.breaker-min-calls | 4
            """)
    void the_new_names_alone_give_no_warning(String key, String value) {
        assertThat(props().string(key)).isEqualTo(value);
        assertThat(RenamedKeys.warnings(source())).isEmpty();
    }

    @ParameterizedTest(name = "a bad {0} is reported under the name the user wrote")
    @CsvSource(delimiter = '|', textBlock = """
            research.tavily.max-retries | abc
            """)
    void a_bad_value_under_the_old_name_names_the_old_name(String old, String value) {
        values.put(old, value);

        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> props().intIn("research.search.max-retries", 0, 10, "retries"))
                .hasMessageStartingWith(old + " = '" + value + "' is not allowed");
    }
}
