package dev.caravan.testing;

import com.vladsch.flexmark.ext.tables.TablesExtension;
import com.vladsch.flexmark.html.HtmlRenderer;
import com.vladsch.flexmark.parser.Parser;
import com.vladsch.flexmark.util.data.MutableDataSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Renders Markdown as a viewer would (flexmark, as plain CommonMark and with GFM tables) and reads the HTML back with
 * jsoup, to see what a page or a provider managed to put into a report.
 */
public enum RenderedMarkdown {
    COMMONMARK(List.of()),
    WITH_TABLES(List.of(TablesExtension.create()));

    /** The elements Markdown itself makes, plus the {@code <details>} the report wraps page content in. */
    public static final Set<String> MARKDOWN_TAGS = Set.of(
            "html",
            "head",
            "body",
            "p",
            "h1",
            "h2",
            "h3",
            "h4",
            "h5",
            "h6",
            "ul",
            "ol",
            "li",
            "a",
            "code",
            "pre",
            "blockquote",
            "em",
            "strong",
            "table",
            "thead",
            "tbody",
            "tr",
            "th",
            "td",
            "hr",
            "br",
            "details",
            "summary");
    /** Attributes flexmark writes: a link's target, a code block's language, a table cell's alignment. */
    public static final Set<String> MARKDOWN_ATTRIBUTES = Set.of("href", "class", "align");
    /** Links a report may hold: to the web, to an address, or to a page file the report wrote beside it. */
    private static final Pattern SAFE_HREF = Pattern.compile("(?i)(https?://|mailto:)[^\\s]*|pages/[a-z0-9-]+\\.md");

    private final Parser parser;
    private final HtmlRenderer renderer;

    RenderedMarkdown(List<com.vladsch.flexmark.util.misc.Extension> extensions) {
        MutableDataSet options = new MutableDataSet()
                .set(Parser.EXTENSIONS, extensions)
                // flexmark drops links to "javascript:" (lower case only) by itself; other viewers do not, so neither
                // do we
                .set(HtmlRenderer.SUPPRESSED_LINKS, "(?!)");
        this.parser = Parser.builder(options).build();
        this.renderer = HtmlRenderer.builder(options).build();
    }

    public Document html(String markdown) {
        return Jsoup.parse(renderer.render(parser.parse(markdown)));
    }

    /** Everything in the rendered HTML that Markdown and the report would not have made themselves. */
    public static List<String> foreignMarkup(Document html) {
        List<String> found = new ArrayList<>();
        for (Element e : html.getAllElements()) {
            if (e == html) continue;
            if (!MARKDOWN_TAGS.contains(e.normalName())) found.add("element <" + e.normalName() + ">");
            for (Attribute a : e.attributes()) {
                String name = a.getKey().toLowerCase(Locale.ROOT);
                if (!MARKDOWN_ATTRIBUTES.contains(name))
                    found.add("attribute " + name + " on <" + e.normalName() + ">");
                if (name.equals("href") && !SAFE_HREF.matcher(a.getValue()).matches())
                    found.add("link to " + a.getValue());
            }
        }
        return found;
    }
}
