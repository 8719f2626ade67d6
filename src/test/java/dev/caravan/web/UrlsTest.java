package dev.caravan.web;

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

    @ParameterizedTest(name = "{0} is a front page: {1}")
    @CsvSource({
        "https://example.com,                          true",
        "https://example.com/,                         true",
        "https://www.example.com/?utm_source=feed,     true",
        "https://example.com/#top,                     true",
        "https://example.com/blog/,                    false",
        "https://example.com/2026/03/a-story.html,     false",
        "example.com/,                                 false",
        "'',                                           false"
    })
    void a_url_with_no_path_is_the_front_page_of_its_site(String url, boolean expected) {
        assertThat(Urls.isSiteRoot(url)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} splits into {1} | {2} | {3}")
    @CsvSource(delimiter = '|', textBlock = """
            https://forum.example.org/t/slug/123?page=2#p4 | forum.example.org | /t/slug/123       | page=2#p4
            http://user@example.com:8080                   | user@example.com:8080 | /             | ''
            https://example.org/a b/<c>?q=x y              | example.org       | /a b/<c>          | q=x y
            https://example.org/index.php?topic=5          | example.org       | /index.php        | topic=5
            """)
    void a_url_is_split_as_written_even_when_no_parser_accepts_it(
            String url, String authority, String path, String query) {
        Urls.Parts parts = Urls.split(url);

        assertThat(parts.authority()).isEqualTo(authority);
        assertThat(parts.path()).isEqualTo(path);
        assertThat(parts.query()).isEqualTo(query);
    }

    @ParameterizedTest(name = "{1} against {0} is {2}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            https://example.org/a/b | ../c            | https://example.org/c
            https://example.org/a/b | https://x.org/  | https://x.org/
            ''                      | /c              | -
            'not a base'            | /c              | -
            https://example.org/    | -               | -
            """)
    void a_link_is_resolved_against_its_page_or_left_out(String base, String url, String resolved) {
        assertThat(Urls.resolve(base, url)).isEqualTo(resolved);
    }

    @ParameterizedTest(name = "{0} leaves the page: {1}")
    @CsvSource({"//cdn.example.org/x, true", "HTTPS://Example.org, true", "/local, false", "mailto:a@b, false"})
    void only_absolute_and_protocol_relative_links_can_leave_the_site(String href, boolean absolute) {
        assertThat(Urls.isAbsoluteLink(href)).isEqualTo(absolute);
    }
}
