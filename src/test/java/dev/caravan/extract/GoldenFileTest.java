package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each fixture page extracts to exactly the Markdown reviewed and committed next to it. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class GoldenFileTest {

    @ParameterizedTest(name = "{0}.html extracts to {0}.md")
    @ValueSource(
            strings = {
                "news-article",
                "blog-jsonld",
                "docs-page",
                "forum-thread",
                "product-page",
                "listing-page",
                "inline-blocks",
                "links",
                "code-tutorial",
                "hidden-and-ads",
                "plain-page",
                "data-table",
                "collection-page",
                "service-page",
                "news-listing"
            })
    void every_fixture_page_extracts_to_its_golden_markdown(String name) {
        assertThat(Fixtures.extract(name).markdown() + "\n").isEqualTo(Fixtures.golden(name));
    }
}
