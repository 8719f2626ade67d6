package dev.caravan.model;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of fetching one URL, independent of any query, so it can be cached by URL.
 *
 * @param url the URL requested first
 * @param finalUrl the URL after redirects (the page's canonical URL is in {@code metadata})
 * @param outcome how it ended
 * @param reason one line saying why, for anything but OK
 * @param httpStatus the last HTTP status seen, or null when no response came
 * @param contentType the media type of the body
 * @param fetchedAt when the response arrived
 * @param metadata title and the rest, never null
 * @param markdown the content as Markdown; null when failed or evicted to disk
 * @param evictedTo where the Markdown was written when it was too large to carry inline
 * @param chars length of the Markdown
 * @param excerpt the first few hundred characters of plain text
 * @param blocks the main text as blocks taken from the document, for quoting; empty when failed
 */
public record FetchedPage(
        String url,
        String finalUrl,
        FetchOutcome outcome,
        @Nullable String reason,
        @Nullable Integer httpStatus,
        @Nullable String contentType,
        @Nullable Instant fetchedAt,
        PageMetadata metadata,
        @Nullable String markdown,
        @Nullable Path evictedTo,
        int chars,
        String excerpt,
        List<TextBlock> blocks) {

    public FetchedPage {
        blocks = blocks == null ? List.of() : List.copyOf(blocks);
    }

    public static FetchedPage failed(String url, String finalUrl, FetchOutcome outcome, String reason, Integer status) {
        return new FetchedPage(
                url,
                finalUrl,
                outcome,
                reason,
                status,
                null,
                null,
                PageMetadata.titled(null),
                null,
                null,
                0,
                null,
                List.of());
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
                url,
                finalUrl,
                outcome,
                reason,
                httpStatus,
                contentType,
                fetchedAt,
                metadata,
                null,
                file,
                chars,
                excerpt,
                List.of());
    }

    /** The page with {@code read} as its text blocks (read back from disk for an evicted page). */
    public FetchedPage withBlocks(List<TextBlock> read) {
        return new FetchedPage(
                url,
                finalUrl,
                outcome,
                reason,
                httpStatus,
                contentType,
                fetchedAt,
                metadata,
                markdown,
                evictedTo,
                chars,
                excerpt,
                read);
    }
}
