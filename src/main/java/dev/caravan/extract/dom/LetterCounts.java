package dev.caravan.extract.dom;

import java.util.IdentityHashMap;
import java.util.Map;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Letters and link letters of every element under a root, counted in one pass. A snapshot: counts are not updated
 * when elements are removed afterwards. Not thread-safe; make one per page.
 */
public final class LetterCounts {

    private final Map<Element, int[]> counts = new IdentityHashMap<>();

    public LetterCounts(Element root) {
        NodeTraversor.traverse(
                new NodeVisitor() {
                    @Override
                    public void head(Node node, int depth) {
                        if (node instanceof Element e) counts.put(e, new int[2]);
                    }

                    @Override
                    public void tail(Node node, int depth) {
                        int[] up = node.parent() instanceof Element p ? counts.get(p) : null;
                        if (node instanceof TextNode t) {
                            if (up != null) up[0] += TextStats.letters(t.getWholeText());
                        } else if (node instanceof Element e) {
                            int[] c = counts.get(e);
                            if (e.normalName().equals("a")) c[1] = c[0];
                            if (up != null) {
                                up[0] += c[0];
                                up[1] += c[1];
                            }
                        }
                    }
                },
                root);
    }

    public int letters(Element e) {
        int[] c = counts.get(e);
        return c == null ? TextStats.letters(e) : c[0];
    }

    public double linkDensity(Element e) {
        int[] c = counts.get(e);
        if (c == null) return TextStats.linkDensity(e);
        return c[0] == 0 ? 0 : Math.min(1.0, (double) c[1] / c[0]);
    }
}
