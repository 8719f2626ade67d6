package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.PageType;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The page type comes from the page itself (JSON-LD, OpenGraph, URL words, structure) and reaches the metadata. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class PageTypeTest {

    @ParameterizedTest(name = "{0}.html at {1} is detected as a {2} page")
    @CsvSource({
        "forum-thread,       https://forum.example.com/t/bike-chain-slipping/1234,  FORUM",
        "news-listing,       https://college.example.com/news/,                     LISTING",
        "collection-page,    https://shop.example.com/collections/rain-jackets,      COLLECTION",
        "product-page,       https://shop.example.com/products/trailrunner-3,        PRODUCT",
        "service-page,       https://greenfield.example.com/services,                SERVICE",
        "docs-page,          https://docs.example.com/reference/configuration,       DOCUMENTATION",
        "news-article,       https://news.example.com/2026/03/01/sea-wall-vote,      ARTICLE"
    })
    void each_fixture_page_is_detected_as_its_type(String name, String url, PageType expected) {
        assertThat(Fixtures.extract(name, url).metadata().pageType()).isEqualTo(expected);
    }

    @Test
    void a_product_declared_in_json_ld_is_a_product_page_wherever_it_is_served() {
        assertThat(Fixtures.extract("product-page").metadata().pageType()).isEqualTo(PageType.PRODUCT);
    }

    @Test
    void a_page_that_says_nothing_about_itself_counts_as_an_article() {
        assertThat(Fixtures.extract("plain-page").metadata().pageType()).isEqualTo(PageType.ARTICLE);
    }

    @Test
    void a_collection_keeps_every_card_of_its_grid_with_names_and_prices() {
        String md = Fixtures.extract("collection-page", "https://shop.example.com/collections/rain-jackets")
                .markdown();
        assertThat(md)
                .contains(
                        "Trailrunner 3 Jacket",
                        "Summit Shell",
                        "City Parka",
                        "Bike Cape",
                        "Kids Splash Jacket",
                        "Packable Poncho",
                        "€149.00",
                        "€35.00",
                        "Waterproof shells for running");
        assertThat(md).doesNotContain("Cart (0)", "Free returns", "Imprint");
    }

    @Test
    void a_listing_keeps_every_teaser_of_its_list() {
        String md = Fixtures.extract("news-listing", "https://college.example.com/news/")
                .markdown();
        assertThat(md)
                .contains(
                        "New library opens its doors",
                        "Rowing team wins",
                        "Solar roof",
                        "Open day on 21 March",
                        "Alumna wins",
                        "Three new evening courses",
                        "Bookkeeping, Spanish and web design");
        assertThat(md).doesNotContain("Next page", "Privacy", "Research");
    }

    @Test
    void a_service_page_keeps_every_section_not_only_the_biggest() {
        String md = Fixtures.extract("service-page", "https://greenfield.example.com/services")
                .markdown();
        assertThat(md)
                .contains(
                        "## Design consultation",
                        "## Planting plans",
                        "## Seasonal maintenance",
                        "Weed control without herbicides",
                        "## How it works",
                        "From a first sketch");
        assertThat(md).doesNotContain("Privacy", "Projects");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "https://shop.example.com/collections/rain-jackets, COLLECTION",
        "https://guides.example.com/list/rain-jackets,      LISTING"
    })
    void a_category_or_list_page_with_a_written_guide_gives_the_guide_not_the_grid(String url, PageType expected) {
        StringBuilder html = new StringBuilder("<html><body><main><h1>Rain jackets</h1><ul class=\"grid\">");
        for (int i = 0; i < 12; i++)
            html.append("<li class=\"card\"><a href=\"/products/jacket-")
                    .append(i)
                    .append("\">Jacket model ")
                    .append(i)
                    .append("</a><span class=\"price\">$")
                    .append(90 + i)
                    .append("</span></li>");
        html.append("</ul><div class=\"guide\">");
        for (int i = 0; i < 6; i++)
            html.append("<p>Choosing a rain jacket starts with the membrane: a three-layer shell breathes best on long")
                    .append(" climbs, while a two-layer jacket with a mesh lining is softer and cheaper for the city.")
                    .append(" Look at the hood, the pit zips and the seams, which should be taped all the way.</p>");
        html.append("</div></main></body></html>");
        var page = new ContentExtractor().extract(html.toString(), "https://shop.example.com/collections/rain-jackets");
        assertThat(page.metadata().pageType()).isEqualTo(PageType.COLLECTION);
        assertThat(page.markdown()).contains("three-layer shell").doesNotContain("Jacket model 3");
    }
}
