package dev.caravan.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UrlsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            https://www.Example.org/a?b          | www.example.org
            http://example.com:8080/x             | example.com
            https://user:pw@example.org/private   | example.org
            http://admin@intranet.example:8080/   | intranet.example
            '  https://example.org/#top  '        | example.org
            https://my_host.example.com/page      | my_host.example.com
            http://[::1]:8080/                    | [::1]
            example.org/no-scheme                 | -
            not a url                             | -
            ''                                    | -
            """)
    void the_host_of_a_url_is_read_leniently(String url, String host) {
        assertThat(Urls.host(url).orElse(null)).isEqualTo(host);
    }
}
