package dev.caravan.extract;

import com.fasterxml.jackson.databind.JsonNode;
import dev.caravan.extract.clean.CleaningRules;
import dev.caravan.extract.dom.TextStats;
import dev.caravan.extract.find.MainContentFinder;
import dev.caravan.extract.find.StructuredContent;
import dev.caravan.extract.find.ThreadPosts;
import dev.caravan.extract.markdown.MarkdownRenderer;
import dev.caravan.extract.markdown.TextBlocks;
import dev.caravan.extract.meta.JsonLd;
import dev.caravan.extract.meta.MetadataReader;
import dev.caravan.extract.meta.PageTypeDetector;
import dev.caravan.extract.meta.ProductDescription;
import dev.caravan.extract.parse.HtmlParser;
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
 * <p>Steps: parse the page once ({@code parse}); read its metadata and type from it ({@code meta}); on a copy, drop
 * what is never content ({@code clean}, page rules: scripts, hidden parts, navigation, headers, footers, share bars,
 * comments, ads); find the content ({@code find}: the best prose block and its kin, or the main region of a page made
 * of parts); clean inside it ({@code clean}, content rules: labels, link lists, repeats); take its text blocks for
 * quoting and render Markdown with flexmark ({@code markdown}). A pass that needs the page as it was (the lenient
 * pass, a second look at a cleaned page, the last resort) takes a fresh copy of the parsed page. The page title goes
 * to the metadata, never into the body.
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

    /** A category or list page's best block is its guide when it holds at least a quarter of the page's prose. */
    private static final int GUIDE_SHARE_DIVISOR = 4;

    private final MetadataReader metadataReader = new MetadataReader();
    private final PageTypeDetector typeDetector = new PageTypeDetector();
    private final MainContentFinder finder = new MainContentFinder();
    private final MarkdownRenderer renderer;

    public ContentExtractor() {
        this.renderer = new MarkdownRenderer();
    }

    /** One page being extracted: parsed once, read as it is, cleaned and cut up only in copies. */
    private record Page(Document parsed, String base, PageMetadata meta, PageType type) {

        /** A fresh copy of the parsed page, for a pass that changes it. */
        Document copy() {
            return parsed.clone();
        }

        /** A fresh copy cleaned by the page rules. */
        Document cleaned(boolean byClass) {
            Document doc = copy();
            CleaningRules.cleanPage(doc, type, byClass);
            return doc;
        }
    }

    /** Extracts the main content of {@code html}; {@code baseUri} makes links absolute. */
    public ExtractedPage extract(String html, String baseUri) {
        Objects.requireNonNull(html, "html");
        String base = baseUri == null ? "" : baseUri;
        Document parsed = HtmlParser.parse(html, base);
        List<JsonNode> jsonLd = JsonLd.objects(parsed);
        PageMetadata read = metadataReader.read(parsed, jsonLd);
        PageType type = typeDetector.detect(parsed, base, read.published());
        PageMetadata meta = read.withPageType(type);
        Page page = new Page(parsed, base, meta, type);
        // a shop's product page may be taken for a category page; its JSON-LD still says Product
        boolean shop = type == PageType.PRODUCT || type == PageType.COLLECTION;
        String product = shop ? ProductDescription.read(jsonLd) : null;
        Element root = mainContent(page, true);
        if (TextStats.letters(root) < MIN_LETTERS) {
            // class-based cleaning took too much (odd class names): try again trusting only tags and roles
            Element lenient = mainContent(page, false);
            if (TextStats.letters(lenient) > 2 * TextStats.letters(root)) root = lenient;
        }
        root = ProductDescription.preferred(root, product, base);
        String linkBase = parsed.baseUri().isEmpty() ? base : parsed.baseUri(); // honours <base href>
        List<TextBlock> blocks = TextBlocks.of(root); // before rendering, which rewrites the element
        String markdown = renderer.render(root, linkBase);
        if (markdown.isBlank()) {
            Element body = visibleBody(page);
            blocks = TextBlocks.of(body);
            markdown = renderer.render(body, linkBase);
        }
        return new ExtractedPage(markdown, meta, blocks);
    }

    /**
     * Last resort when the content rules leave nothing although the page shows text: the body without scripts,
     * hidden parts, navigation, headers and footers, rendered whole.
     */
    private static Element visibleBody(Page page) {
        Document doc = page.copy();
        CleaningRules.cleanPage(doc, PageType.ARTICLE, false);
        return doc.body();
    }

    /** The content of a cleaned copy of the page, cleaned inside; {@code byClass} false is the lenient pass. */
    private Element mainContent(Page page, boolean byClass) {
        Element root = contentRoot(page, page.cleaned(byClass), byClass);
        CleaningRules.cleanContent(root, page.meta().title(), page.type());
        return root;
    }

    /** The element holding the content of the cleaned {@code doc}, before pruning, chosen by page type. */
    private Element contentRoot(Page page, Document doc, boolean byClass) {
        PageType type = page.type();
        if (type == PageType.COLLECTION || type == PageType.LISTING) {
            int prose = StructuredContent.prose(doc.body());
            if (prose >= StructuredContent.PROSE) {
                Element guide = finder.find(doc.body());
                // a category or list page with a written guide is about that text; its grid of cards is the frame
                if (GUIDE_SHARE_DIVISOR * StructuredContent.prose(guide) >= prose)
                    return StructuredContent.narrowToProse(guide);
                // the best block is one of many written parts, not the page's guide: the whole region after all
                doc = page.cleaned(byClass);
            }
        }
        if (StructuredContent.appliesTo(type)) {
            Element region = StructuredContent.region(doc.body());
            CleaningRules.cleanAroundContent(region, type);
            return region;
        }
        return proseRoot(page, doc, byClass);
    }

    /** Articles, forums and documentation: the best prose block and its kin, or a larger region when it is a part. */
    private Element proseRoot(Page page, Document doc, boolean byClass) {
        PageType type = page.type();
        if (type == PageType.FORUM) CleaningRules.cleanAroundContent(doc.body(), type);
        int all = TextStats.letters(doc.body());
        Element landmark = type == PageType.DOCUMENTATION ? docLandmark(doc.body()) : null;
        int landmarkLetters = landmark == null ? 0 : TextStats.letters(landmark);
        Element root = type == PageType.FORUM ? thread(doc.body()) : finder.find(doc.body());
        boolean dated = page.meta().published() != null;
        if (StructuredContent.coversTooLittle(type, dated, TextStats.letters(root), all)) {
            // the best prose block is a small part of a page made of many parts: take the page's main region
            return StructuredContent.region(page.cleaned(byClass).body());
        }
        if (TextStats.letters(root) < DOC_SHARE * landmarkLetters) {
            // a reference page's sections (short definitions, tables) read less like prose than its
            // introduction, yet they are the documentation: take the page's main landmark
            Element whole = docLandmark(page.cleaned(byClass).body());
            if (whole != null) return whole;
        }
        return root;
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
