package dev.caravan.extract;

import dev.caravan.model.ExtractedPage;
import dev.caravan.model.PageMetadata;
import dev.caravan.model.TextBlock;
import java.util.List;
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
 * and labels inside it; take its text blocks for quoting; render Markdown with flexmark. The page title goes to the metadata, never into the body.
 */
public class ContentExtractor {

    /** Below this many letters the first result is suspect and a lenient second pass is tried. */
    private static final int MIN_LETTERS = 300;

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
        String base = baseUri == null ? "" : baseUri;
        Document doc = Jsoup.parse(html, base);
        PageMetadata meta = metadataReader.read(doc);
        Element root = mainContent(doc, true, meta.title());
        if (TextStats.letters(root) < MIN_LETTERS) {
            // class-based cleaning took too much (odd class names): try again trusting only tags and roles
            Element lenient = mainContent(Jsoup.parse(html, base), false, meta.title());
            if (TextStats.letters(lenient) > 2 * TextStats.letters(root)) root = lenient;
        }
        String linkBase = doc.baseUri().isEmpty() ? base : doc.baseUri(); // honours <base href>
        List<TextBlock> blocks = TextBlocks.of(root); // before rendering, which rewrites the element
        return new ExtractedPage(renderer.render(root, linkBase), meta, blocks);
    }

    private Element mainContent(Document doc, boolean byClass, String title) {
        cleaner.clean(doc, byClass);
        Element root = finder.find(doc.body());
        pruner.prune(root, title);
        return root;
    }
}
