package dev.caravan.extract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.caravan.model.ExtractedPage;
import dev.caravan.model.PageMetadata;
import dev.caravan.model.PageType;
import dev.caravan.model.TextBlock;
import java.util.List;
import java.util.Objects;
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

    /** In a thread a short reply is as much a post as a long one: much weaker blocks count as kin of the best. */
    private static final double THREAD_KIN = 0.25;

    /** Below this share of its page's main landmark, the best prose block of a documentation page is only a part. */
    private static final double DOC_SHARE = 0.5;

    /** The best prose block stands for the thread when it holds this share of the posts' letters. */
    private static final double THREAD_COVER = 0.8;

    private final MetadataReader metadataReader = new MetadataReader();
    private final DomCleaner cleaner = new DomCleaner();
    private final PageTypeDetector typeDetector = new PageTypeDetector();
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
        Document doc = CData.parse(html, base);
        List<JsonNode> jsonLd = JsonLd.objects(doc);
        PageMetadata read = metadataReader.read(doc, jsonLd);
        PageType type = typeDetector.detect(doc, base, read.published());
        PageMetadata meta = read.withPageType(type);
        // a shop's product page may be taken for a category page; its JSON-LD still says Product
        boolean shop = type == PageType.PRODUCT || type == PageType.COLLECTION;
        String product = shop ? ProductDescription.read(jsonLd) : null;
        Element root = mainContent(html, base, doc, true, meta, type);
        if (TextStats.letters(root) < MIN_LETTERS) {
            // class-based cleaning took too much (odd class names): try again trusting only tags and roles
            Element lenient = mainContent(html, base, CData.parse(html, base), false, meta, type);
            if (TextStats.letters(lenient) > 2 * TextStats.letters(root)) root = lenient;
        }
        root = ProductDescription.preferred(root, product, base);
        String linkBase = doc.baseUri().isEmpty() ? base : doc.baseUri(); // honours <base href>
        List<TextBlock> blocks = TextBlocks.of(root); // before rendering, which rewrites the element
        String markdown = renderer.render(root, linkBase);
        if (markdown.isBlank()) {
            Element body = visibleBody(html, base);
            blocks = TextBlocks.of(body);
            markdown = renderer.render(body, linkBase);
        }
        return new ExtractedPage(markdown, meta, blocks);
    }

    /**
     * Last resort when the content rules leave nothing although the page shows text: the body without scripts,
     * hidden parts, navigation, headers and footers, rendered whole.
     */
    private Element visibleBody(String html, String base) {
        Document doc = CData.parse(html, base);
        cleaner.clean(doc, false);
        return doc.body();
    }

    private Element mainContent(
            String html, String base, Document doc, boolean byClass, PageMetadata meta, PageType type) {
        cleaner.clean(doc, byClass, type);
        Element root = contentRoot(html, base, doc, byClass, meta, type);
        List<ThreadPosts.AuthorLine> authors = List.of();
        if (type == PageType.FORUM) {
            ThreadPosts.dropRepeatedQuotes(root);
            ThreadPosts.dropCounters(root);
            ThreadPosts.dropNotices(root);
            authors = ThreadPosts.authorLines(root);
        }
        pruner.prune(root, meta.title(), type);
        ThreadPosts.restoreAuthorLines(authors); // every post with its author line, which pruning takes for a label
        return root;
    }

    /** The element holding the content of the cleaned {@code doc}, before pruning, chosen by page type. */
    private Element contentRoot(
            String html, String base, Document doc, boolean byClass, PageMetadata meta, PageType type) {
        if (type == PageType.COLLECTION || type == PageType.LISTING) {
            int prose = StructuredContent.prose(doc.body());
            if (prose >= StructuredContent.PROSE) {
                Element guide = finder.find(doc.body());
                // a category or list page with a written guide is about that text; its grid of cards is the frame
                if (4 * StructuredContent.prose(guide) >= prose) return StructuredContent.narrowToProse(guide);
                // the best block is one of many written parts, not the page's guide: the whole region after all
                doc = cleaned(html, base, byClass, type);
            }
        }
        if (StructuredContent.appliesTo(type)) {
            Element region = StructuredContent.region(doc.body());
            StructuredContent.dropBesideContent(region, type);
            return region;
        }
        return proseRoot(html, base, doc, byClass, meta, type);
    }

    /** Articles, forums and documentation: the best prose block and its kin, or a larger region when it is a part. */
    private Element proseRoot(
            String html, String base, Document doc, boolean byClass, PageMetadata meta, PageType type) {
        if (type == PageType.FORUM) StructuredContent.dropBesideContent(doc.body(), type);
        int all = TextStats.letters(doc.body());
        Element landmark = type == PageType.DOCUMENTATION ? docLandmark(doc.body()) : null;
        int landmarkLetters = landmark == null ? 0 : TextStats.letters(landmark);
        Element root = type == PageType.FORUM ? thread(doc.body()) : finder.find(doc.body());
        if (StructuredContent.coversTooLittle(type, meta.published() != null, TextStats.letters(root), all)) {
            // the best prose block is a small part of a page made of many parts: take the page's main region
            return StructuredContent.region(cleaned(html, base, byClass, type).body());
        }
        if (TextStats.letters(root) < DOC_SHARE * landmarkLetters) {
            // a reference page's sections (short definitions, tables) read less like prose than its
            // introduction, yet they are the documentation: take the page's main landmark
            Element whole = docLandmark(cleaned(html, base, byClass, type).body());
            if (whole != null) return whole;
        }
        return root;
    }

    /** The page parsed and cleaned again, for when the finder has already taken parts out of the first copy. */
    private Document cleaned(String html, String base, boolean byClass, PageType type) {
        Document doc = CData.parse(html, base);
        cleaner.clean(doc, byClass, type);
        return doc;
    }

    /** The main landmark of a documentation page ({@code main} or {@code role=main}), or {@code null}. */
    private static Element docLandmark(Element body) {
        return body.selectFirst("main, [role=main]");
    }

    /**
     * The posts of a thread: the best prose block and its kin, unless the container of the page's repeated posts
     * holds clearly more (prose scoring keeps a long opening post and may lose short replies). The finder works on a
     * copy here since it moves what it keeps out of the page, and the posts' container may be the one to keep.
     */
    private Element thread(Element body) {
        Element posts = ThreadPosts.container(body);
        if (posts == null) return finder.find(body, THREAD_KIN);
        int postLetters = TextStats.letters(posts);
        Element best = finder.find(body.clone(), THREAD_KIN);
        return TextStats.letters(best) >= THREAD_COVER * postLetters ? best : posts;
    }
}
