package dev.caravan.extract;

import com.vladsch.flexmark.html2md.converter.FlexmarkHtmlConverter;
import com.vladsch.flexmark.util.data.MutableDataSet;
import dev.caravan.model.ExtractedPage;
import dev.caravan.model.PageMetadata;
import java.util.Objects;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Keeps the main content of an HTML page and converts it to Markdown. Thread-safe: one instance serves every page.
 *
 * <p>First version: drops obvious boilerplate elements and keeps {@code article}, {@code main} or the body.
 */
public class ContentExtractor {

    private static final String BOILERPLATE =
            "script, style, noscript, template, nav, header, footer, aside, form, iframe, svg, button, "
                    + "[role=navigation], [role=banner], [role=contentinfo], [aria-hidden=true]";

    private final FlexmarkHtmlConverter converter;

    public ContentExtractor() {
        MutableDataSet options = new MutableDataSet();
        options.set(FlexmarkHtmlConverter.SETEXT_HEADINGS, false);
        options.set(FlexmarkHtmlConverter.OUTPUT_ATTRIBUTES_ID, false);
        this.converter = FlexmarkHtmlConverter.builder(options).build();
    }

    /** Extracts the main content of {@code html}; {@code baseUri} makes links absolute. */
    public ExtractedPage extract(String html, String baseUri) {
        Objects.requireNonNull(html, "html");
        Document doc = Jsoup.parse(html, baseUri == null ? "" : baseUri);
        String title = doc.title().isBlank() ? null : doc.title().strip();
        Element canonical = doc.selectFirst("link[rel=canonical][href]");
        String canonicalUrl = canonical == null ? null : canonical.absUrl("href");
        doc.select(BOILERPLATE).remove();
        Element root = doc.selectFirst("article");
        if (root == null) root = doc.selectFirst("main");
        if (root == null) root = doc.body();
        for (Element a : root.select("a[href]")) a.attr("href", a.absUrl("href"));
        root.select("img").remove();
        String markdown = converter.convert(root.outerHtml()).strip();
        PageMetadata meta = new PageMetadata(
                title, canonicalUrl == null || canonicalUrl.isEmpty() ? null : canonicalUrl, null, null, null,
                doc.selectFirst("html[lang]") == null ? null : doc.selectFirst("html[lang]").attr("lang"), null);
        return new ExtractedPage(markdown, meta);
    }
}
