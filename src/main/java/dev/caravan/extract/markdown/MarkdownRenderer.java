package dev.caravan.extract.markdown;

import com.vladsch.flexmark.html2md.converter.FlexmarkHtmlConverter;
import com.vladsch.flexmark.util.data.MutableDataSet;
import dev.caravan.extract.dom.TextStats;
import dev.caravan.extract.dom.WordLists;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;

/** Turns the content element into Markdown: ATX headings, fenced code, GFM tables, absolute links. Thread-safe. */
public final class MarkdownRenderer {

    private static final Pattern EMPTY_LINK = Pattern.compile("\\[\\s*\\]\\([^)]*\\)");
    private static final Pattern BR_LINE = Pattern.compile("(?m)^([ \\t]*(?:>[ \\t]*)*)(?:<br\\s*/?>[ \\t]*)+$");
    private final FlexmarkHtmlConverter converter;

    public MarkdownRenderer() {
        MutableDataSet options = new MutableDataSet();
        options.set(FlexmarkHtmlConverter.SETEXT_HEADINGS, false);
        options.set(FlexmarkHtmlConverter.OUTPUT_ATTRIBUTES_ID, false);
        options.set(FlexmarkHtmlConverter.SKIP_ATTRIBUTES, true);
        options.set(FlexmarkHtmlConverter.OUTPUT_UNKNOWN_TAGS, false);
        options.set(FlexmarkHtmlConverter.RENDER_COMMENTS, false);
        options.set(FlexmarkHtmlConverter.DIV_TABLE_PROCESSING, false);
        options.set(FlexmarkHtmlConverter.MAX_BLANK_LINES, 1);
        options.set(FlexmarkHtmlConverter.DIV_AS_PARAGRAPH, true);
        options.set(FlexmarkHtmlConverter.UNORDERED_LIST_DELIMITER, '-');
        options.set(FlexmarkHtmlConverter.THEMATIC_BREAK, "---");
        options.set(FlexmarkHtmlConverter.TYPOGRAPHIC_QUOTES, false);
        options.set(FlexmarkHtmlConverter.TYPOGRAPHIC_SMARTS, false);
        options.set(FlexmarkHtmlConverter.BR_AS_PARA_BREAKS, false);
        this.converter = FlexmarkHtmlConverter.builder(options).build();
    }

    public String render(Element root, String baseUri) {
        List<String> code = CodeBlocks.extract(root);
        prepare(root, baseUri);
        Tables.normalise(root);
        Document holder = Document.createShell(baseUri == null ? "" : baseUri);
        holder.body().appendChild(root); // converted in place: no second parse of the content's HTML
        String md = converter.convert(holder);
        md = EMPTY_LINK.matcher(md).replaceAll("");
        if (md.contains("<br"))
            md = BR_LINE.matcher(md)
                    .replaceAll(m -> Matcher.quoteReplacement(m.group(1).strip()));
        md = tidyLines(md);
        return CodeBlocks.restore(md, code).strip(); // code goes back last: the clean-ups above must not touch it
    }

    /**
     * One pass over the lines instead of a regular expression per rule (they ran over every page's whole output):
     * no trailing blanks, at most one empty line in a row, an empty line between a quote and the text around it, no
     * thematic break at either end nor two in a row.
     */
    static String tidyLines(String md) {
        String[] lines = md.split("\n", -1);
        List<String> out = new ArrayList<>(lines.length);
        for (String raw : lines) {
            String line = stripTrailing(raw);
            int n = out.size();
            String prev = n == 0 ? null : out.get(n - 1);
            if (line.isEmpty()) {
                if (prev != null && prev.isEmpty()) continue;
            } else if (prev != null && !prev.isEmpty() && isQuote(prev) != isQuote(line)) {
                out.add(""); // a quote and the text next to it are separate blocks
            } else if (line.equals("---")
                    && n >= 3
                    && prev.isEmpty()
                    && out.get(n - 2).equals("---")) {
                continue; // a second break right after one separates nothing
            }
            out.add(line);
        }
        int from = 0, to = out.size();
        while (true) { // leading breaks and the blank lines after them
            while (from < to && out.get(from).isBlank()) from++;
            if (from < to && out.get(from).equals("---")) from++;
            else break;
        }
        while (true) { // trailing breaks and the blank lines before them
            while (to > from && out.get(to - 1).isBlank()) to--;
            if (to > from && out.get(to - 1).strip().equals("---")) to--;
            else break;
        }
        return String.join("\n", out.subList(from, to)).strip();
    }

    private static boolean isQuote(String line) {
        return line.charAt(0) == '>';
    }

    private static String stripTrailing(String s) {
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\t')) end--;
        return end == s.length() ? s : s.substring(0, end);
    }

    /** Absolute links, no images, no empty anchors, and a space at every block edge so words never merge. */
    private static void prepare(Element root, String baseUri) {
        root.select("img, picture, source, figure > a:not([href])").remove();
        for (Element a : root.select("a")) {
            String href = absolute(a, baseUri);
            if (a.text().isBlank()) {
                a.replaceWith(new TextNode(" ")); // an empty link goes, the gap it made between words stays
            } else if (href.isEmpty()
                    || href.startsWith("javascript:")
                    || !href.startsWith("http") && !href.startsWith("mailto:")) {
                a.unwrap();
            } else {
                a.clearAttributes();
                a.attr("href", href);
            }
        }
        for (Element caption : root.select("figcaption")) caption.tagName("p");
        // a heading inside a list item cannot share the bullet's line: make it a bold lead paragraph
        for (Element h : root.select("li h1, li h2, li h3, li h4, li h5, li h6")) {
            h.tagName("strong");
            h.wrap("<p></p>");
        }
        // block containers flexmark does not know would run into their neighbours: make them divs
        for (Element block : root.select(
                "figure, section, article, main, header, aside, center, details, summary, address, hgroup")) {
            block.tagName("div");
        }
        for (Element e : root.getAllElements()) {
            if (e == root) continue;
            String tag = e.normalName();
            if (!tag.equals("a")) e.clearAttributes();
            if (INLINE.contains(tag)) keepEdgeSpaces(e);
            if (tag.equals("span") || tag.equals("label") || tag.equals("time") || tag.equals("font")) {
                // inline boxes side by side (often laid out as blocks): keep a word gap between them, but leave
                // a span inside a word ("<span>T</span>he") alone
                if (e.previousSibling() instanceof Element) e.before(new TextNode(" "));
                if (e.nextSibling() instanceof Element) e.after(new TextNode(" "));
            }
        }
        collapseWhitespace(root);
    }

    /** Runs of white space in text read as one space (code blocks are placeholders by now), as a browser shows them. */
    private static void collapseWhitespace(Element root) {
        List<TextNode> texts = new java.util.ArrayList<>();
        root.forEachNode(n -> {
            if (n instanceof TextNode t) texts.add(t);
        });
        for (TextNode t : texts) {
            String s = t.getWholeText();
            if (needsCollapse(s)) t.text(collapse(s));
        }
        for (Element br : root.getElementsByTag("br")) br.after(new TextNode("\n")); // a line break ends a paragraph
    }

    /** Each run of spaces, tabs and line breaks as one space. */
    private static String collapse(String s) {
        StringBuilder out = new StringBuilder(s.length());
        boolean inSpace = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
            if (!space) out.append(c);
            else if (!inSpace) out.append(' ');
            inSpace = space;
        }
        return out.toString();
    }

    private static boolean needsCollapse(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n'
                    || c == '\t'
                    || c == '\r'
                    || c == '\f'
                    || c == ' ' && i + 1 < s.length() && s.charAt(i + 1) == ' ') return true;
        }
        return false;
    }

    /** Inline tags whose edge spaces are kept outside them (word-lists.properties). */
    private static final Set<String> INLINE = WordLists.set("tag.markdown-inline");

    /** The converter trims spaces inside inline elements; keep them outside so that words do not merge. */
    private static void keepEdgeSpaces(Element e) {
        String text = e.wholeText();
        if (text.isEmpty()) return;
        if (TextStats.isSpace(text.charAt(text.length() - 1)) && e.nextSibling() != null) e.after(new TextNode(" "));
        if (TextStats.isSpace(text.charAt(0)) && e.previousSibling() != null) e.before(new TextNode(" "));
    }

    private static String absolute(Element a, String baseUri) {
        if (!a.hasAttr("href")) return "";
        String href = a.attr("href").strip();
        if (href.isEmpty() || href.startsWith("#") || href.regionMatches(true, 0, "javascript:", 0, 11)) return "";
        try {
            URI uri = baseUri == null || baseUri.isEmpty() ? new URI(href) : new URI(baseUri).resolve(href);
            return uri.isAbsolute() ? uri.toString() : "";
        } catch (URISyntaxException | IllegalArgumentException e) {
            return a.absUrl("href");
        }
    }
}
