package dev.caravan.pages;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.RenderedMarkdown;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A page's Markdown keeps everything that renders as text, web links and Markdown's own structure, byte for byte, and
 * loses only what would render as more: raw HTML, links to other schemes, images, reference definitions, open fences.
 */
class PageMarkdownTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '"', textBlock = """
            escaped text                  => Text with \\<script\\> and \\[not a link\\](x).
            web and mail links            => [a](https://a.example/) [b](HTTP://b.example/x) [c](mailto:c@example.org) <https://d.example/>
            code with tags                => `<div onclick=x>` and\\n\\n```html\\n<script>alert(1)</script>\\n```
            a table                       => | a | b |\\n|---|---|\\n| `x \\| <y>` | <kbd>Ctrl</kbd> |
            tags that can do nothing      => Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, x<sub>2</sub> y<sup>3</sup>, <var>n</var>.
            a line break alone            => 1. one\\n2. <br />
            the list separator            => - a\\n\\n<!-- -->\\n\\n- b
            a lone angle bracket          => a < b and a <variable_name> and 3 <4
            """)
    void what_renders_as_text_stays_byte_for_byte(String name, String markdown) {
        String page = markdown.replace("\\n", "\n");

        assertThat(PageMarkdown.safe(page)).isEqualTo(page);
    }

    @Test
    void the_converters_own_golden_pages_stay_byte_for_byte() throws Exception {
        List<Path> golden;
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/extract/golden"))) {
            golden = files.filter(f -> f.toString().endsWith(".md")).sorted().toList();
        }
        assertThat(golden).isNotEmpty();
        for (Path file : golden) {
            String page = Files.readString(file);
            assertThat(PageMarkdown.safe(page))
                    .as(file.getFileName().toString())
                    .isEqualTo(page);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '"', textBlock = """
            an HTML block                 => <script>alert(1)</script>              => \\<script>alert(1)\\</script>
            inline HTML                   => a <b onclick=x>b</b>                   => a \\<b onclick=x>b\\</b>
            a harmless tag with attributes => <kbd style=x>k</kbd>                  => \\<kbd style=x>k</kbd>
            a comment                     => <!-- x -->                             => \\<!-- x -->
            a javascript link             => [click](JaVaScRiPt:alert(1))           => click
            an encoded javascript link    => [click *me*](&#106;avascript:x)        => click *me*
            a relative link               => [up](../../etc/passwd)                 => up
            a javascript autolink         => <javascript:alert(1)>                  => \\<javascript:alert(1)>
            an image                      => ![alt](https://a.example/i.png)        => [alt](https://a.example/i.png)
            an image with a data URL      => ![alt](data:image/png;base64,AAAA)      => alt
            a reference link              => [a][r]\\n\\n[r]: https://a.example/ "t" => [a](https://a.example/)\\n\\n\\[r]: https://a.example/ "t"
            a reference to vbscript       => [a]\\n\\n[a]: <vbscript:x>             => a\\n\\n\\[a]: \\<vbscript:x>
            an unclosed fence             => ````\\ncode                             => ````\\ncode\\n````
            a table cell splitting code   => | a |\\n|---|\\n| `x | <img onerror=y>` | => | a |\\n|---|\\n| `x | \\<img onerror=y>` |
            a comparison in such code     => | a |\\n|---|\\n| `x | y < z <b` |       => | a |\\n|---|\\n| `x | y < z \\<b` |
            """)
    void what_would_render_as_more_than_text_is_taken_apart(String name, String markdown, String safe) {
        String page = markdown.replace("\\n", "\n");

        String result = PageMarkdown.safe(page);

        assertThat(result).isEqualTo(safe.replace("\\n", "\n"));
        for (RenderedMarkdown viewer : RenderedMarkdown.values()) {
            Document html = viewer.html(result);
            assertThat(RenderedMarkdown.foreignMarkup(html))
                    .as("%s, rendered %s", name, viewer)
                    .isEmpty();
            assertThat(html.select("img")).isEmpty();
        }
    }

    @Test
    void a_page_nested_too_deep_to_take_apart_is_shown_as_code() {
        String page = "![".repeat(20) + "x" + "](javascript:alert(1))".repeat(20) + "\n```` and ``` inside";

        String result = PageMarkdown.safe(page);

        assertThat(result).isEqualTo("`````\n" + page + "\n`````");
        Document html = RenderedMarkdown.COMMONMARK.html(result);
        assertThat(html.select("pre > code").text()).isEqualTo(page);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiterString = "=>", quoteCharacter = '"', textBlock = """
            https                     => https://a.example/         => true
            http in capitals          => HTTP://a.example/          => true
            mail                      => mailto:a@example.org       => true
            javascript                => javascript:alert(1)        => false
            javascript in mixed case  => JaVaScRiPt:alert(1)        => false
            a decimal reference       => &#106;avascript:alert(1)   => false
            a hex reference           => &#x6A;avascript:alert(1)   => false
            a tab reference           => java&#9;script:alert(1)    => false
            a named tab reference     => java&Tab;script:alert(1)   => false
            a leading space           => ' javascript:alert(1)'     => false
            a backslash escape        => javascript\\:alert(1)      => false
            a reference hiding https  => https&#58;//a.example/     => true
            vbscript                  => vbscript:msgbox(1)         => false
            data                      => data:text/html,x           => false
            file                      => file:///etc/passwd         => false
            scheme-relative           => //a.example/x              => false
            relative                  => pages/x.md                 => false
            fragment                  => #top                       => false
            """)
    void only_web_and_mail_addresses_stay_links(String name, String destination, boolean linkable) {
        assertThat(PageMarkdown.linkable(destination)).as(name).isEqualTo(linkable);
    }
}
