package dev.caravan.model;

import java.util.Objects;

/**
 * The main content of one page as Markdown, with the page's own metadata kept apart from the body.
 *
 * @param markdown the article body in Markdown, never null (may be empty)
 * @param metadata title, canonical URL and the rest; never null
 */
public record ExtractedPage(String markdown, PageMetadata metadata) {

    public ExtractedPage {
        Objects.requireNonNull(markdown, "markdown");
        Objects.requireNonNull(metadata, "metadata");
    }
}
