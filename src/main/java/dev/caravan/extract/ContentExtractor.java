package dev.caravan.extract;

import dev.caravan.model.ExtractedPage;
import dev.caravan.model.PageMetadata;
import java.util.Objects;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Keeps the main content of an HTML page and converts it to Markdown. Thread-safe: one instance serves every page.
 *
 * <p>Steps: read metadata (meta tags, OpenGraph, JSON-LD); drop what is never content (scripts, hidden parts,
 * navigation, headers, footers, share bars, comments, ads); score text blocks by prose signals (length,
 * punctuation, link density, class names) and keep the best container with its sibling paragraphs; prune link lists
 * and labels inside it; render Markdown with flexmark. The page title goes to the metadata, never into the body.
 */
public class ContentExtractor {

    private final MetadataReader metadataReader = new MetadataReader();
    private final DomCleaner cleaner = new DomCleaner();
    private final MainContentFinder finder = new MainContentFinder();
    private final ContentPruner pruner = new ContentPruner();
    private final MarkdownRenderer renderer;

    public ContentExtractor() {
        this.renderer = new MarkdownRenderer();
    }

    /** Extracts the main content of {@code html}; {@code baseUri} makes links absolute. */
    public ExtractedPage extract(String html, String baseUri) {
        Objects.requireNonNull(html, "html");
        Document doc = Jsoup.parse(html, baseUri == null ? "" : baseUri);
        PageMetadata meta = metadataReader.read(doc);
        cleaner.clean(doc);
        Element root = finder.find(doc.body());
        pruner.prune(root, meta.title());
        String markdown = renderer.render(root);
        return new ExtractedPage(markdown, meta);
    }
}
