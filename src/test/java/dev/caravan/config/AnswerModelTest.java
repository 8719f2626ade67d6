package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caravan.answer.AnswerSettings;
import dev.caravan.search.SearchProviderRegistry;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The answer step is off unless a base URL is set; a bad research.llm.* value stops startup naming its key. */
class AnswerModelTest {

    @TempDir
    Path out;

    private final Map<String, String> values = new HashMap<>();
    private final Map<String, String> env = new HashMap<>();

    AnswerModelTest() throws Exception {
        Properties shipped = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of("application.properties"))) {
            shipped.load(in);
        }
        shipped.forEach((k, v) -> values.put(k.toString(), v.toString().strip()));
        values.put("research.report.model", "none");
    }

    private PropertyReader props() {
        return new PropertyReader(k -> Optional.ofNullable(values.get(k)));
    }

    private Optional<AnswerModel.Built> build() {
        return AnswerModel.build(
                props(),
                env::get,
                "CaravanTest",
                out,
                new SearchProviderRegistry.BreakerSettings(4, 60),
                Clock.systemUTC());
    }

    @Test
    void as_shipped_there_is_no_answer_step_and_startup_says_nothing_is_sent() {
        assertThat(build()).isEmpty();
        assertThat(AnswerModel.statusLine(AnswerModel.settings(props()), null, "none", env::get))
                .isEqualTo("answers: off (research.llm.base-url is not set; nothing is sent to a model)");
    }

    @Test
    void with_a_base_url_and_a_model_the_step_is_built_and_startup_names_the_server_but_never_the_key() {
        values.put("research.llm.base-url", "http://localhost:11434/v1");
        values.put("research.llm.model", "qwen2.5:7b");
        env.put("LLM_API_KEY", "sk-secret-key-123");

        Optional<AnswerModel.Built> built = build();

        assertThat(built).isPresent();
        String line = AnswerModel.statusLine(
                AnswerModel.settings(props()), built.get().answerer(), "none", env::get);
        assertThat(line)
                .isEqualTo("answers: model qwen2.5:7b at localhost:11434, for every query; sentences checked for"
                        + " citations, facts; LLM_API_KEY set")
                .doesNotContain("sk-secret");
        assertThat(built.get().answerer().model()).isEqualTo("qwen2.5:7b");
        built.get().connections().close();
    }

    @Test
    void research_llm_answer_false_answers_only_queries_that_ask() {
        values.put("research.llm.base-url", "http://localhost:11434/v1");
        values.put("research.llm.model", "m");
        values.put("research.llm.answer", "false");

        AnswerSettings settings = AnswerModel.settings(props());
        AnswerModel.Built built = build().orElseThrow();

        assertThat(settings.byDefault()).isFalse();
        assertThat(built.answerer().wanted(dev.caravan.model.Query.of("q"))).isFalse();
        assertThat(built.answerer().wanted(dev.caravan.model.Query.of("q").withAnswer(true)))
                .isTrue();
        built.connections().close();
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', textBlock = """
            research.llm.base-url             | ftp://models.example/v1 | give an http or https URL
            research.llm.base-url             | http://u:p@localhost/v1 | user@
            research.llm.model                | ''                      | research.llm.base-url is set
            research.llm.timeout-ms           | 0                       | give a whole number from 100
            research.llm.max-tokens           | lots                    | give a whole number from 16
            research.llm.tokens-per-day       | -1                      | give a whole number from 0
            research.llm.min-similarity       | 1.5                     | give a number from 0.0 to 1.0
            research.llm.answer               | maybe                   | give true or false
            research.llm.daily-usage-file     | ../usage.json           | give a plain file name
            research.llm.usage-on-corrupt-file| ignore                  | give spent
            research.llm.nli-model            | /no/such/folder         | model.onnx is missing
            """)
    void a_bad_value_stops_startup_naming_its_key(String key, String value, String why) {
        values.put("research.llm.base-url", "http://localhost:11434/v1");
        values.put("research.llm.model", "m");
        values.put(key, value);

        assertThatThrownBy(this::build)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(key)
                .hasMessageContaining(why);
    }
}
