package dev.caravan.model;

import java.util.List;
import java.util.Objects;

/**
 * The main content of one page as Markdown, with the page's own metadata kept apart from the body.
 *
 * @param markdown the article body in Markdown, never null (may be empty)
 * @param metadata title, canonical URL and the rest; never null
 * @param blocks the same content as plain text blocks taken from the document, for quoting; never null
 */
public record ExtractedPage(String markdown, PageMetadata metadata, List<TextBlock> blocks) {

    public ExtractedPage {
        Objects.requireNonNull(markdown, "markdown");
        Objects.requireNonNull(metadata, "metadata");
        blocks = List.copyOf(blocks);
    }
}
