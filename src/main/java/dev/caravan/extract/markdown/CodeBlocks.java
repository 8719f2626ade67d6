package dev.caravan.extract.markdown;

import dev.caravan.extract.dom.WordLists;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/** Takes {@code <pre>} blocks out before conversion and puts them back as fenced code. Stateless. */
final class CodeBlocks {

    private static final String MARK = "CARAVANCODEBLOCK";
    /** A placeholder on its own line, after any quote markers or list indentation. */
    private static final Pattern PLACEHOLDER = Pattern.compile("(?m)^([ \\t]*(?:>[ \\t]?)*)" + MARK + "(\\d+)[ \\t]*$");
    /** A placeholder inside a line (code in a table cell): becomes inline code. */
    private static final Pattern INLINE_PLACEHOLDER = Pattern.compile(MARK + "(\\d+)");

    private CodeBlocks() {}

    /** Replaces every outermost {@code pre} with a placeholder paragraph; returns the code texts in order. */
    static List<String> extract(Element root) {
        List<String> code = new ArrayList<>();
        for (Element pre : root.select("pre")) {
            if (pre.parent() == null || insidePre(pre)) continue;
            if (isGutter(pre)) {
                pre.remove(); // a column of line numbers beside the code, laid out as a pre of its own
                continue;
            }
            String text = codeText(pre).replaceAll("\\A\\n+|\\s+\\z", "");
            if (text.isBlank()) {
                pre.remove();
                continue;
            }
            Element p = new Element("p").text(MARK + code.size());
            String language = language(pre);
            pre.replaceWith(p);
            code.add(language + "\n" + text);
        }
        return code;
    }

    private static final Pattern GUTTER = Pattern.compile("(?i)line-?num|lineno|gutter|ln-num|linenumber");

    /** A pre whose class names a line-number gutter and which holds nothing but numbers. */
    private static boolean isGutter(Element pre) {
        return GUTTER.matcher(pre.className()).find()
                && pre.text().chars().allMatch(c -> Character.isDigit(c) || Character.isWhitespace(c));
    }

    /** The text of a code block: line-number gutters left out, a line break after every block-level line. */
    private static String codeText(Element pre) {
        for (Element e : pre.select("[class]")) {
            if (e != pre && e.parent() != null && GUTTER.matcher(e.className()).find()) e.remove();
        }
        StringBuilder sb = new StringBuilder();
        NodeTraversor.traverse(
                new NodeVisitor() {
                    @Override
                    public void head(Node node, int depth) {
                        if (node instanceof TextNode t) sb.append(t.getWholeText());
                        else if (node instanceof Element e && e.normalName().equals("br")) sb.append('\n');
                    }

                    @Override
                    public void tail(Node node, int depth) {
                        if (node instanceof Element e
                                && node != pre
                                && (LINE_BLOCKS.contains(e.normalName()) || isLine(e))
                                && sb.length() > 0
                                && sb.charAt(sb.length() - 1) != '\n') {
                            sb.append('\n');
                        }
                    }
                },
                pre);
        return sb.toString();
    }

    /** Tags inside a code block that end a line of code (word-lists.properties). */
    private static final java.util.Set<String> LINE_BLOCKS = WordLists.set("tag.code-line");

    /**
     * An inline element that a highlighter made one line of code and shows as a block by style sheet: Shiki writes
     * {@code <span class="line">}, Prism's React renderer {@code token-line}, others {@code code-line}, with no line
     * break between them in the markup.
     */
    private static boolean isLine(Element e) {
        if (!e.hasAttr("class")) return false;
        for (String c : e.classNames()) {
            if (c.equals("line") || c.endsWith("-line") || c.endsWith("_line")) return true;
        }
        return false;
    }

    /** The language named by a {@code language-x} or {@code lang-x} class on the pre or its code child. */
    private static String language(Element pre) {
        Element code = pre.selectFirst("code");
        for (Element e : code == null ? new Element[] {pre} : new Element[] {pre, code}) {
            for (String c : e.classNames()) {
                String lang = c.startsWith("language-") ? c.substring(9) : c.startsWith("lang-") ? c.substring(5) : "";
                if (lang.matches("[A-Za-z0-9_+#.-]{1,20}")) return lang;
            }
        }
        return "";
    }

    private static boolean insidePre(Element e) {
        for (Element p = e.parent(); p != null; p = p.parent())
            if (p.normalName().equals("pre")) return true;
        return false;
    }

    static String restore(String markdown, List<String> code) {
        if (code.isEmpty()) return markdown;
        Matcher m = PLACEHOLDER.matcher(markdown);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String prefix = m.group(1);
            String block = code.get(Integer.parseInt(m.group(2)));
            int nl = block.indexOf('\n');
            String language = block.substring(0, nl);
            String text = block.substring(nl + 1);
            String fence = "```";
            while (text.contains(fence)) fence += "`";
            String body = (fence + language + "\n" + text + "\n" + fence).replace("\n", "\n" + prefix);
            m.appendReplacement(sb, Matcher.quoteReplacement(prefix + body));
        }
        m.appendTail(sb);
        Matcher inline = INLINE_PLACEHOLDER.matcher(sb.toString());
        StringBuilder out = new StringBuilder();
        while (inline.find()) {
            String block = code.get(Integer.parseInt(inline.group(1)));
            String text = block.substring(block.indexOf('\n') + 1)
                    .replaceAll("\\s+", " ")
                    .strip();
            String ticks = text.contains("`") ? "``" : "`";
            inline.appendReplacement(out, Matcher.quoteReplacement(ticks + " " + text + " " + ticks));
        }
        inline.appendTail(out);
        return out.toString();
    }
}
