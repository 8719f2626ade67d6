package dev.caravan.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class UrlNormalizerTest {

    private final UrlNormalizer normalizer = new UrlNormalizer();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            https://Example.ORG/Path                | https://example.org/Path
            HTTPS://example.org/a                   | https://example.org/a
            https://example.org:443/a               | https://example.org/a
            http://example.org:80/a                 | http://example.org/a
            http://example.org:8080/a               | http://example.org:8080/a
            https://example.org/a#section-2         | https://example.org/a
            https://example.org/a/../b/./c          | https://example.org/b/c
            https://example.org                     | https://example.org/
            '  https://example.org/padded  '        | https://example.org/padded
            https://example.org/a?x=1&y=2#top       | https://example.org/a?x=1&y=2
            """)
    void a_url_is_normalised_for_de_duplication(String url, String expected) {
        assertThat(normalizer.normalize(url)).contains(expected);
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "   "})
    void nothing_to_normalise_gives_empty(String url) {
        assertThat(normalizer.normalize(url)).isEmpty();
    }
}
