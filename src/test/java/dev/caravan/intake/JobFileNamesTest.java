package dev.caravan.intake;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JobFileNamesTest {

    private static final String STAMP = "20260301T101530.123";

    @ParameterizedTest(name = "{1} x {0}{2}")
    @CsvSource(delimiter = '|', textBlock = """
            q   | 10  | .txt
            q   | 220 | .txt
            q   | 251 | .txt
            東  | 78  | .txt
            東  | 83  | .json
            😀  | 60  | .yaml
            é   | 125 | .yml
            """)
    void a_stored_name_and_its_error_file_fit_in_255_bytes(String unit, int count, String ext) {
        String name = unit.repeat(count) + ext;

        String stored = JobFileNames.stored(STAMP, name);

        assertThat((stored + ".error.txt").getBytes(UTF_8).length).isLessThanOrEqualTo(255);
        assertThat(("." + stored + ".error.txt.caravan-tmp").getBytes(UTF_8).length)
                .as("the temporary file the .error.txt is written through")
                .isLessThanOrEqualTo(255);
        assertThat(stored).startsWith(STAMP + "-" + unit.repeat(3)).endsWith(ext);
        assertThat(new String(stored.getBytes(UTF_8), UTF_8))
                .as("cut on a code point boundary")
                .isEqualTo(stored);
    }

    @Test
    void a_name_that_fits_is_kept_as_it_is() {
        assertThat(JobFileNames.stored(STAMP, "my job (1).txt")).isEqualTo(STAMP + "-my job (1).txt");
    }

    @Test
    void two_long_names_that_differ_only_at_the_end_stay_apart() {
        String a = JobFileNames.stored(STAMP, "東".repeat(90) + "a.txt");
        String b = JobFileNames.stored(STAMP, "東".repeat(90) + "b.txt");

        assertThat(a).isNotEqualTo(b);
        assertThat(a).matches(STAMP + "-東+-[0-9a-f]{8}\\.txt");
    }
}
