package dev.caravan.intake;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.Job;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The examples shipped in input/examples and jobs/ (one is shown in the README) are valid jobs. */
class ShippedExamplesTest {

    private final JobReader reader = new JobReader(new JobParser(), 1_048_576, java.time.Clock.systemUTC());

    @ParameterizedTest
    @CsvSource({
        "input/examples/home.txt, home, 3",
        "input/examples/health.json, health, 3",
        "input/examples/devtools.yaml, devtools, 3",
        "jobs/nightly.yaml, nightly, 2"
    })
    void each_example_parses_into_its_queries(String file, String name, int queries) {
        Job job = reader.read(Path.of(file).toString());

        assertThat(job.name()).isEqualTo(name);
        assertThat(job.queries()).hasSize(queries);
    }
}
