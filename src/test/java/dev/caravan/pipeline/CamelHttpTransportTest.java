package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** camel-http resolves {{...}} in the URL header, so braces from the web never reach it unencoded. */
class CamelHttpTransportTest {

    @ParameterizedTest(name = "{0} is sent as {1}")
    @CsvSource(delimiter = '|', textBlock = """
            http://example.org/?k={{env:TAVILY_API_KEY}}    | http://example.org/?k=%7B%7Benv:TAVILY_API_KEY%7D%7D
            http://example.org/{{research.jms.password}}    | http://example.org/%7B%7Bresearch.jms.password%7D%7D
            http://example.org/a%7B%7Bx%7D%7D               | http://example.org/a%7B%7Bx%7D%7D
            http://example.org/plain?q=1                    | http://example.org/plain?q=1
            """)
    void braces_are_percent_encoded_so_camel_never_sees_a_placeholder(String url, String sent) {
        assertThat(CamelHttpTransport.placeholderFree(url)).isEqualTo(sent).doesNotContain("{{");
    }
}
