package dev.caravan.model;

import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of fetching one URL, independent of any query, so it can be cached by URL.
 *
 * @param retrieval where it was fetched from and when (the page's canonical URL is in {@code metadata})
 * @param outcome how it ended
 * @param reason one line saying why, for anything but OK
 * @param contentType the media type of the body
 * @param metadata title and the rest, never null
 * @param markdown the content as Markdown; null when failed or evicted to disk
 * @param evictedTo where the Markdown was written when it was too large to carry inline
 * @param chars length of the Markdown
 * @param excerpt the first few hundred characters of plain text
 * @param blocks the main text as blocks taken from the document, for quoting; empty when failed
 */
public record FetchedPage(
        Retrieval retrieval,
        FetchOutcome outcome,
        @Nullable String reason,
        @Nullable String contentType,
        PageMetadata metadata,
        @Nullable String markdown,
        @Nullable Path evictedTo,
        int chars,
        String excerpt,
        List<TextBlock> blocks) {

    public FetchedPage {
        blocks = blocks == null ? List.of() : List.copyOf(blocks);
    }

    /** A page that was not fetched or could not be converted; {@code retrieval} says how far the fetch got. */
    public static FetchedPage failed(Retrieval retrieval, FetchOutcome outcome, String reason) {
        return new FetchedPage(
                retrieval, outcome, reason, null, PageMetadata.titled(null), null, null, 0, null, List.of());
    }

    public String url() {
        return retrieval.url();
    }

    public String finalUrl() {
        return retrieval.finalUrl();
    }

    public boolean fetched() {
        return outcome == FetchOutcome.OK;
    }

    public String title() {
        return metadata.title();
    }

    /** The page without its text blocks, once the passages a query needs are chosen from them. */
    public FetchedPage withoutBlocks() {
        return withBlocks(List.of());
    }

    /** The page as written to {@code file}: neither its Markdown nor its text blocks stay in memory. */
    public FetchedPage evicted(Path file) {
        return new FetchedPage(
                retrieval, outcome, reason, contentType, metadata, null, file, chars, excerpt, List.of());
    }

    /** The same page as retrieved at another time or place (a stored page the site confirmed unchanged). */
    public FetchedPage withRetrieval(Retrieval other) {
        return new FetchedPage(
                other, outcome, reason, contentType, metadata, markdown, evictedTo, chars, excerpt, blocks);
    }

    /** The page with {@code read} as its text blocks (read back from disk for an evicted page). */
    public FetchedPage withBlocks(List<TextBlock> read) {
        return new FetchedPage(
                retrieval, outcome, reason, contentType, metadata, markdown, evictedTo, chars, excerpt, read);
    }
}
