package dev.caravan.extract.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class CodeBlocksTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            Shiki's line spans         | <span class="line"><span>npm i</span></span><span class="line">cd app</span>
            Prism's token lines        | <span class="token-line">npm i</span><span class="token-line">cd app</span>
            lines as divs              | <div>npm i</div><div>cd app</div>
            """)
    void each_line_of_highlighted_code_keeps_its_line(String highlighter, String lines) {
        var body = Jsoup.parse("<pre><code>" + lines + "</code></pre>").body();
        assertThat(CodeBlocks.extract(body)).singleElement().asString().endsWith("npm i\ncd app");
    }
}
