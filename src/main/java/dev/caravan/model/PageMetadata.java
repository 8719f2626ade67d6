package dev.caravan.model;

import org.jspecify.annotations.Nullable;

/**
 * What a page says about itself: meta tags, OpenGraph and JSON-LD. Every field may be null when the page does not say.
 *
 * @param title the page title (not prepended to the body)
 * @param canonicalUrl the absolute canonical URL, if the page declares one
 * @param siteName the site or publisher name
 * @param author the author, as the page spells it
 * @param published the publication date as found (ISO-8601 when the page gives one)
 * @param language the content language, e.g. {@code en}
 * @param description the page's own summary
 * @param pageType what kind of page it is (article, forum, listing, ...), detected from the page itself
 */
public record PageMetadata(
        @Nullable String title,
        @Nullable String canonicalUrl,
        @Nullable String siteName,
        @Nullable String author,
        @Nullable String published,
        @Nullable String language,
        @Nullable String description,
        @Nullable PageType pageType) {

    public static PageMetadata titled(String title) {
        return new PageMetadata(title, null, null, null, null, null, null, null);
    }

    /** The same metadata with the page type detected from the page. */
    public PageMetadata withPageType(PageType type) {
        return new PageMetadata(title, canonicalUrl, siteName, author, published, language, description, type);
    }
}
