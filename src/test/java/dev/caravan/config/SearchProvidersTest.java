package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caravan.fetch.guard.GuardSettings;
import dev.caravan.fetch.guard.UrlGuard;
import dev.caravan.search.SearchProviderRegistry;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Startup says once per provider whether it is usable, and refuses a bad provider setting with one line. */
class SearchProvidersTest {

    private final Map<String, String> values = new HashMap<>();
    private final Map<String, String> env = new HashMap<>();

    SearchProvidersTest() throws Exception {
        Properties shipped = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of("application.properties"))) {
            shipped.load(in);
        }
        shipped.forEach((k, v) -> values.put(k.toString(), v.toString().strip()));
    }

    private SearchProviderRegistry build() {
        PropertyReader props = new PropertyReader(k -> Optional.ofNullable(values.get(k)));
        return SearchProviders.build(
                props,
                env::get,
                new UrlGuard(GuardSettings.defaults()),
                (method, url, headers, body, timeout) -> {
                    throw new AssertionError("startup makes no call");
                },
                RuntimeSettings.read(props),
                java.time.Clock.systemUTC());
    }

    @Test
    void without_keys_each_provider_says_which_environment_variable_to_set() {
        assertThat(build().statusLines())
                .containsExactly(
                        "search provider tavily (default): not usable, needs an API key in the TAVILY_API_KEY environment variable, which is not set",
                        "search provider serper: not usable, needs an API key in the SERPER_API_KEY environment variable, which is not set",
                        "search provider brave: not usable, needs an API key in the BRAVE_API_KEY environment variable, which is not set",
                        "search provider searxng: not usable, needs the address of your instance in research.searxng.base-url (or the SEARXNG_BASE_URL environment variable), which is not set");
    }

    @Test
    void with_keys_set_providers_are_usable_and_no_key_is_ever_in_a_line() {
        env.put("TAVILY_API_KEY", "tvly-secret-123");
        env.put("SERPER_API_KEY", "serper-secret-456");
        env.put("BRAVE_API_KEY", "brave-secret-789");
        env.put("SEARXNG_BASE_URL", "https://searx.example.org");

        assertThat(build().statusLines())
                .allSatisfy(line -> assertThat(line).endsWith(": usable").doesNotContain("secret"));
    }

    @Test
    void without_a_key_for_the_default_provider_startup_warns_once_and_points_to_the_demo() {
        assertThat(build().noUsableProviderWarning())
                .hasValueSatisfying(warning -> assertThat(warning)
                        .startsWith("no search provider can be used: tavily (research.search.provider) needs an API key"
                                + " in the TAVILY_API_KEY environment variable, which is not set.")
                        .contains("./demo")
                        .doesNotContain("\n"));
    }

    @Test
    void a_usable_default_or_fallback_provider_gives_no_startup_warning() {
        env.put("SERPER_API_KEY", "serper-secret-456");
        assertThat(build().noUsableProviderWarning())
                .as("serper is no fallback yet")
                .isPresent();

        values.put("research.search.fallback", "brave,serper");
        assertThat(build().noUsableProviderWarning()).isEmpty();

        values.put("research.search.fallback", "");
        env.put("TAVILY_API_KEY", "tvly-secret-123");
        assertThat(build().noUsableProviderWarning()).isEmpty();
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "research.search.provider | google | research.search.provider = 'google' is not allowed: give one of tavily, serper, brave, searxng",
                "research.search.fallback | serper,bing | research.search.fallback = 'serper,bing' is not allowed: 'bing' is not a provider",
                "research.brave.min-interval-ms | -5 | research.brave.min-interval-ms",
                "research.serper.base-url | http://10.0.0.1 | research.serper.base-url http://10.0.0.1 is refused by the SSRF guard",
                "research.searxng.base-url | http://192.168.1.20:8888 | research.searxng.base-url http://192.168.1.20:8888 is refused by the SSRF guard"
            })
    void a_bad_setting_stops_startup_with_one_line_naming_it(String key, String value, String message) {
        values.put(key, value);

        assertThatThrownBy(this::build)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message)
                .hasMessageNotContaining("\n");
    }
}
