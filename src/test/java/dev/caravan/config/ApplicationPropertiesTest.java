package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The one config file keeps its promises: every key is commented, and the keys operators rely on exist. */
class ApplicationPropertiesTest {

    private static final Path FILE = Path.of("application.properties");

    @Test
    void every_key_has_a_comment_right_above_it() throws Exception {
        List<String> lines = Files.readAllLines(FILE);
        List<String> uncommented = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) continue;
            String previous = i == 0 ? "" : lines.get(i - 1).strip();
            if (!previous.startsWith("#") || previous.startsWith("# ---")) uncommented.add(line);
        }
        assertThat(uncommented).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "research.input.dir",
                "research.output.dir",
                "research.tavily.base-url",
                "research.search.max-retries",
                "research.search.retry-delay-ms",
                "research.search.breaker-min-calls",
                "research.search.breaker-open-seconds",
                "research.fetch.user-agent",
                "research.fetch.robots-agent",
                "research.fetch.host-delay-ms",
                "research.fetch.max-bytes",
                "research.fetch.timeout-ms",
                "research.report.inline-max-chars",
                "research.cache.ttl-seconds"
            })
    void the_keys_operators_set_exist(String key) throws Exception {
        assertThat(Files.readAllLines(FILE)).anyMatch(l -> l.startsWith(key + " =") || l.startsWith(key + "="));
    }

    @Test
    void the_api_key_comes_only_from_the_environment() throws Exception {
        assertThat(Files.readAllLines(FILE))
                .noneMatch(l -> l.startsWith("research.tavily.api-key"))
                .noneMatch(l -> l.contains("tvly-"))
                .anyMatch(l -> l.startsWith("#") && l.contains("TAVILY_API_KEY"));
    }
}
