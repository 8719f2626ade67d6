package dev.caravan.extract;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * One pass over the tree: letters and link letters of every element, then a prose score for each text block that is
 * handed up to its ancestors. Not thread-safe; make one per page.
 */
final class BlockScorer {

    static final Set<String> BLOCKS = Set.of(
            "p",
            "div",
            "section",
            "article",
            "main",
            "ul",
            "ol",
            "li",
            "table",
            "tr",
            "td",
            "th",
            "pre",
            "blockquote",
            "h1",
            "h2",
            "h3",
            "h4",
            "h5",
            "h6",
            "dl",
            "dt",
            "dd",
            "figure",
            "figcaption",
            "center",
            "details",
            "summary",
            "tbody",
            "thead",
            "address",
            "body");

    /**
     * Per element: [letters, link letters, has block child (0/1), punctuation, then the same three counts for the
     * element's own inline text (text nodes and inline children, not block children)].
     */
    final Map<Element, int[]> stats = new IdentityHashMap<>();
    /** Every element below the root, in document order: iterating in this order makes ties and sums repeatable. */
    final List<Element> elements = new ArrayList<>();
    /** Sum of the prose scores of every text block inside an element, undecayed. */
    final Map<Element, Double> prose = new IdentityHashMap<>();
    /** Prose score received from text blocks below. */
    final Map<Element, Double> scores = new IdentityHashMap<>();

    BlockScorer(Element root) {
        NodeTraversor.traverse(
                new NodeVisitor() {
                    @Override
                    public void head(Node node, int depth) {
                        if (node instanceof Element e) {
                            stats.put(e, new int[7]);
                            elements.add(e);
                        }
                    }

                    @Override
                    public void tail(Node node, int depth) {
                        Element parent = node.parent() instanceof Element p ? p : null;
                        int[] up = parent == null ? null : stats.get(parent);
                        if (node instanceof TextNode t) {
                            if (up != null) {
                                String s = t.getWholeText();
                                int letters = TextStats.letters(s);
                                int punct = TextStats.punctuation(s);
                                up[0] += letters;
                                up[3] += punct;
                                up[4] += letters;
                                up[6] += punct;
                            }
                        } else if (node instanceof Element e) {
                            int[] s = stats.get(e);
                            if (e.normalName().equals("a")) {
                                s[1] = s[0];
                                s[5] = s[4];
                            }
                            if (up != null) {
                                up[0] += s[0];
                                up[1] += s[1];
                                up[3] += s[3];
                                if (BLOCKS.contains(e.normalName())) {
                                    up[2] = 1;
                                } else {
                                    up[4] += s[4];
                                    up[5] += s[5];
                                    up[6] += s[6];
                                }
                            }
                        }
                    }
                },
                root);
        for (Element e : elements) {
            int[] s = stats.get(e);
            if (!BLOCKS.contains(e.normalName()) || TextStats.isHeading(e.normalName(), 1)) continue;
            double score = blockScore(s[4], s[5], s[6]);
            if (score <= 0) continue;
            Element p = s[2] == 1 && s[4] - s[5] >= 100 ? e : e.parent(); // mixed text and blocks: e holds the prose
            for (Element a = e; a != null; a = a.parent()) prose.merge(a, score, Double::sum);
            double[] share = {1.0, 0.5, 0.25};
            for (int level = 0; level < share.length && p != null; level++, p = p.parent()) {
                scores.merge(p, score * share[level], Double::sum);
            }
        }
    }

    /** Prose value of a leaf text block: long, punctuated, few links. */
    static double blockScore(int letters, int linkLetters, int punctuation) {
        int prose = letters - linkLetters;
        if (prose < 25) return 0;
        double linkDensity = letters == 0 ? 0 : (double) linkLetters / letters;
        return (1 + Math.min(prose / 100.0, 4) + Math.min(punctuation / 2.0, 8)) * (1 - linkDensity);
    }

    double prose(Element e) {
        return prose.getOrDefault(e, 0.0);
    }

    int linkLetters(Element e) {
        int[] s = stats.get(e);
        return s == null ? TextStats.linkLetters(e) : s[1];
    }

    int letters(Element e) {
        int[] s = stats.get(e);
        return s == null ? TextStats.letters(e) : s[0];
    }

    double linkDensity(Element e) {
        int[] s = stats.get(e);
        if (s == null) return TextStats.linkDensity(e);
        return s[0] == 0 ? 0 : Math.min(1.0, (double) s[1] / s[0]);
    }

    int punctuation(Element e) {
        int[] s = stats.get(e);
        return s == null ? 0 : s[3];
    }

    /** A class name can add or take at most this share of a score. */
    private static final double CLASS_CAP = 0.5;

    /** Final candidate score: prose received, discounted by links, adjusted by class and id. */
    double candidateScore(Element e) {
        Double raw = scores.get(e);
        if (raw == null) return 0;
        double base = raw * (1 - linkDensity(e));
        double w = Boilerplate.classWeight(e);
        return base + Math.signum(w) * Math.min(Math.abs(w), base * CLASS_CAP);
    }
}
