package dev.caravan.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SearchProvidersTest {

    @Test
    void without_a_key_startup_warns_naming_the_environment_variable() {
        SearchProviders.Status status = SearchProviders.status("");

        assertThat(status.usable()).isFalse();
        assertThat(status.message()).contains("none usable").contains("TAVILY_API_KEY").contains("not set");
    }

    @Test
    void with_a_key_tavily_is_usable_and_the_key_itself_is_never_in_the_line() {
        SearchProviders.Status status = SearchProviders.status("tvly-secret-123");

        assertThat(status.usable()).isTrue();
        assertThat(status.message()).contains("Tavily").doesNotContain("tvly-secret-123").doesNotContain("secret");
    }
}
