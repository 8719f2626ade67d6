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
            http://example.org/p?q=a#b#c            | http://example.org/p?q=a
            https://example.org/a?utm_source=news&utm_medium=email&utm_campaign=spring | https://example.org/a
            https://example.org/a?id=7&utm_source=x&gclid=abc&fbclid=def               | https://example.org/a?id=7
            https://example.org/a?UTM_Source=x&utm_custom_tag=y&page=2                 | https://example.org/a?page=2
            https://example.org/a?msclkid=1&mc_cid=2&mc_eid=3&_ga=4&yclid=5&igshid=6    | https://example.org/a
            https://example.org/a?q=utm_source                                         | https://example.org/a?q=utm_source
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
