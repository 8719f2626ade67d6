package dev.caravan.extract.clean;

import java.util.Locale;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;
import org.jspecify.annotations.Nullable;

/** Removes the headline that repeats the page title: the title is kept in the metadata, not in the body. */
final class TitleHeading implements CleaningRule {

    @Override
    public void apply(Cleaning c) {
        remove(c.root(), c.title());
    }

    static void remove(Element root, @Nullable String title) {
        if (title == null) return;
        String t = norm(title);
        for (Element h : root.select("h1, h2")) {
            String ht = norm(h.text());
            if (ht.length() >= 8 && (t.contains(ht) || ht.contains(t))) {
                h.remove();
                return;
            }
        }
        Element h1 = root.selectFirst("h1");
        if (h1 != null && root.select("h1").size() == 1 && root.children().indexOf(h1) <= 1) {
            h1.remove();
            return;
        }
        // a headline styled as a paragraph, among the first few blocks
        int seen = 0;
        for (Element e : root.select("p, div, span, strong")) {
            if (!e.hasText()) continue;
            if (++seen > 4) break;
            String text = textUpTo(e, 2 * title.length() + 20); // a headline is no longer than the title
            if (text == null) continue;
            String et = norm(text);
            if (et.length() >= 15 && t.contains(et) && et.length() * 10 >= t.length() * 6) {
                e.remove();
                return;
            }
        }
    }

    /** The element's text, or null when it is longer than {@code limit} characters (found without reading it all). */
    private static String textUpTo(Element e, int limit) {
        StringBuilder sb = new StringBuilder();
        NodeTraversor.filter(
                new NodeFilter() {
                    @Override
                    public FilterResult head(Node node, int depth) {
                        if (node instanceof TextNode t)
                            sb.append(t.getWholeText()).append(' ');
                        return sb.length() > limit ? FilterResult.STOP : FilterResult.CONTINUE;
                    }
                },
                e);
        return sb.length() > limit ? null : sb.toString();
    }

    private static String norm(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }
}
