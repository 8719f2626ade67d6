package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.ExtractedPage;
import org.junit.jupiter.api.Test;

class ContentExtractorBasicsTest {

    private final ContentExtractor extractor = new ContentExtractor();

    @Test
    void the_article_is_kept_and_boilerplate_dropped() {
        ExtractedPage page = extractor.extract("""
                <html><head><title>T</title><style>p{}</style></head><body>
                <header>Site banner</header><nav>Navigation links</nav>
                <main><p>Main wrapper text.</p><article><h2>Story</h2><p>The story body.</p>
                <aside>Related stories</aside><form><button>Subscribe</button></form>
                <img src="x.png" alt="a picture"><script>track()</script></article></main>
                <footer>Footer text</footer></body></html>
                """, "https://example.org/news/1");

        assertThat(page.markdown())
                .contains("## Story\n\nThe story body.")
                .doesNotContain("Site banner")
                .doesNotContain("Navigation links")
                .doesNotContain("Related stories")
                .doesNotContain("Subscribe")
                .doesNotContain("Footer text")
                .doesNotContain("track()")
                .doesNotContain("picture");
    }

    @Test
    void main_is_used_when_there_is_no_article() {
        ExtractedPage page = extractor.extract("<body><div>Outside</div><main><p>Inside main.</p></main></body>", null);

        assertThat(page.markdown()).isEqualTo("Inside main.");
    }

    @Test
    void the_body_is_used_when_there_is_neither_article_nor_main() {
        assertThat(extractor.extract("<p>Only a paragraph.</p>", null).markdown())
                .isEqualTo("Only a paragraph.");
    }

    @Test
    void relative_links_become_absolute() {
        ExtractedPage page = extractor.extract(
                "<p>See <a href=\"../docs/a.html\">the docs</a>.</p>", "https://example.org/guide/intro.html");

        assertThat(page.markdown()).isEqualTo("See [the docs](https://example.org/docs/a.html).");
    }

    @Test
    void the_title_canonical_url_and_language_go_to_metadata_not_the_body() {
        ExtractedPage page = extractor.extract("""
                <html lang="de"><head><title>  Wärmepumpen  </title><link rel="canonical" href="/kanonisch"></head>
                <body><p>Text.</p></body></html>""", "https://example.de/seite?x=1");

        assertThat(page.metadata().title()).isEqualTo("Wärmepumpen");
        assertThat(page.metadata().canonicalUrl()).isEqualTo("https://example.de/kanonisch");
        assertThat(page.metadata().language()).isEqualTo("de");
        assertThat(page.markdown()).isEqualTo("Text.");
    }

    @Test
    void a_page_without_title_or_canonical_has_none() {
        ExtractedPage page = extractor.extract("<p>Text.</p>", "https://example.org/");

        assertThat(page.metadata().title()).isNull();
        assertThat(page.metadata().canonicalUrl()).isNull();
        assertThat(page.metadata().language()).isNull();
    }
}
