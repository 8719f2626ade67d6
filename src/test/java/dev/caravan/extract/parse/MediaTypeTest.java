package dev.caravan.extract.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MediaTypeTest {

    @ParameterizedTest(name = "[{0}] is {1} with charset {2}")
    @CsvSource(
            delimiter = '|',
            nullValues = "null",
            value = {
                "null                                    | ''               | null",
                "''                                      | ''               | null",
                "text/html                               | text/html        | null",
                "Text/HTML; Charset=UTF-8                | text/html        | UTF-8",
                "text/html; charset=\"utf-8\"            | text/html        | utf-8",
                "text/html; charset='utf-8'              | text/html        | utf-8",
                "text/html;charset=utf-8; boundary=x     | text/html        | utf-8",
                "text/plain; charset=no-such-charset     | text/plain       | no-such-charset",
                "application/ld+json                     | application/ld+json | null",
            })
    void a_content_type_header_gives_its_type_and_declared_charset(String header, String type, String charset) {
        MediaType parsed = MediaType.parse(header);

        assertThat(parsed.type()).isEqualTo(type);
        assertThat(parsed.charset()).isEqualTo(charset);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "text/html, true, false, false, false",
        "application/xhtml+xml, true, false, true, false",
        "application/ld+json, false, true, false, false",
        "text/xml, false, false, true, false",
        "text/markdown, false, false, false, true",
        "image/png, false, false, false, false",
    })
    void the_type_says_how_the_body_is_read(String type, boolean html, boolean json, boolean xml, boolean text) {
        MediaType parsed = MediaType.parse(type);

        assertThat(parsed.isHtml()).isEqualTo(html);
        assertThat(parsed.isJson()).isEqualTo(json);
        assertThat(parsed.isXml()).isEqualTo(xml);
        assertThat(parsed.isPlainText()).isEqualTo(text);
    }

    @org.junit.jupiter.api.Test
    void a_charset_the_jvm_does_not_know_is_kept_as_declared_but_not_used() {
        assertThat(MediaType.parse("text/plain; charset=no-such-charset").knownCharset())
                .isEmpty();
        assertThat(MediaType.parse("text/plain; charset=windows-1252").knownCharset())
                .isPresent();
    }
}
