package dev.caravan.extract.clean;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Removes headings left without content, such as "Related stories" once its link list is gone: a heading followed
 * directly by a heading of the same or a higher level, or by the end of the content; a heading that is the text of
 * a list item or a table cell stays. Stateless.
 */
final class OrphanHeadings implements CleaningRule {

    @Override
    public void apply(Cleaning c) {
        remove(c.root());
    }

    static void remove(Element root) {
        List<Element> headings = new ArrayList<>();
        List<Integer> levels = new ArrayList<>(); // heading level, or 0 for text between headings
        NodeTraversor.traverse(
                new NodeVisitor() {
                    @Override
                    public void head(Node node, int depth) {
                        if (node instanceof Element e && isHeading(e)) {
                            headings.add(e);
                            levels.add(e.normalName().charAt(1) - '0');
                        } else if (node instanceof TextNode t && !t.isBlank() && !insideHeading(t)) {
                            if (levels.isEmpty() || levels.get(levels.size() - 1) != 0) {
                                headings.add(null);
                                levels.add(0);
                            }
                        }
                    }

                    @Override
                    public void tail(Node node, int depth) {}
                },
                root);
        for (int i = 0; i < headings.size(); i++) {
            Element h = headings.get(i);
            if (h == null) continue;
            boolean orphan = i + 1 == levels.size() || levels.get(i + 1) != 0 && levels.get(i + 1) <= levels.get(i);
            if (orphan && !insideItem(h, root)) h.remove();
        }
    }

    /** Lists and tables whose items are set as headings: the heading is the item's text, not a section's title. */
    private static boolean insideItem(Element h, Element root) {
        for (Element p = h.parent(); p != null && p != root; p = p.parent()) {
            String n = p.normalName();
            if (n.equals("li") || n.equals("td") || n.equals("th") || n.equals("dd")) return true;
        }
        return false;
    }

    private static boolean isHeading(Element e) {
        String n = e.normalName();
        return n.length() == 2 && n.charAt(0) == 'h' && n.charAt(1) >= '1' && n.charAt(1) <= '6';
    }

    private static boolean insideHeading(Node n) {
        for (Element p = n.parent() instanceof Element e ? e : null; p != null; p = p.parent()) {
            if (isHeading(p)) return true;
        }
        return false;
    }
}
