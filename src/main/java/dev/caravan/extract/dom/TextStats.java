package dev.caravan.extract.dom;

import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/** Counts of visible text inside an element. Stateless helpers. */
public final class TextStats {

    private TextStats() {}

    /** Non-whitespace characters of all text below {@code e}. */
    public static int letters(Element e) {
        int[] n = {0};
        NodeTraversor.traverse(
                (NodeVisitor) (node, depth) -> {
                    if (node instanceof TextNode t) n[0] += letters(t.getWholeText());
                },
                e);
        return n[0];
    }

    /** Non-whitespace characters of text inside links below {@code e}. */
    public static int linkLetters(Element e) {
        int n = 0;
        for (Element a : e.getElementsByTag("a")) n += letters(a);
        return n;
    }

    public static double linkDensity(Element e) {
        int all = letters(e);
        return all == 0 ? 0 : Math.min(1.0, (double) linkLetters(e) / all);
    }

    public static int letters(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) if (!isSpace(s.charAt(i))) n++;
        return n;
    }

    /** Sentence and clause punctuation, a sign of running prose. */
    public static int punctuation(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '.' || c == ';' || c == ':' || c == '!' || c == '?' || c == '，' || c == '。'
                    || c == '、') n++;
        }
        return n;
    }

    /** Inside {@code pre} or {@code code}: syntax highlighters name spans "comment" or "tag", and spaces matter. */
    public static boolean insideCode(Element e) {
        for (Element p = e; p != null; p = p.parent()) {
            String n = p.normalName();
            if (n.equals("pre") || n.equals("code")) return true;
        }
        return false;
    }

    /** True for {@code h<from>} to {@code h6}; a plain test, run for many elements of every page. */
    public static boolean isHeading(String tag, int from) {
        return tag.length() == 2 && tag.charAt(0) == 'h' && tag.charAt(1) >= '0' + from && tag.charAt(1) <= '6';
    }

    public static boolean isSpace(char c) {
        return Character.isWhitespace(c) || c == '\u00a0' || c == '\u200b';
    }
}
