package dev.caravan.extract.find;

import dev.caravan.extract.dom.Boilerplate;
import dev.caravan.extract.dom.TextStats;
import dev.caravan.extract.dom.WordLists;
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

    /** Tags of the blocks that hold text (word-lists.properties). */
    static final Set<String> BLOCKS = WordLists.set("tag.block");

    /** What one element holds: all of its text, and its own inline text (text nodes and inline children). */
    private static final class Counts {
        int letters;
        int linkLetters;
        int punctuation;
        boolean hasBlockChild;
        int ownLetters;
        int ownLinkLetters;
        int ownPunctuation;

        /** A child's counts, handed up: a block child's text is not its parent's own inline text. */
        void add(Counts child, boolean childIsBlock) {
            letters += child.letters;
            linkLetters += child.linkLetters;
            punctuation += child.punctuation;
            if (childIsBlock) {
                hasBlockChild = true;
            } else {
                ownLetters += child.ownLetters;
                ownLinkLetters += child.ownLinkLetters;
                ownPunctuation += child.ownPunctuation;
            }
        }

        void addText(int textLetters, int textPunctuation) {
            letters += textLetters;
            punctuation += textPunctuation;
            ownLetters += textLetters;
            ownPunctuation += textPunctuation;
        }

        /** A link: all its letters are link letters. */
        void markLink() {
            linkLetters = letters;
            ownLinkLetters = ownLetters;
        }
    }

    private final Map<Element, Counts> counts = new IdentityHashMap<>();
    /** Every element below the root, in document order: iterating in this order makes ties and sums repeatable. */
    private final List<Element> elements = new ArrayList<>();
    /** Sum of the prose scores of every text block inside an element, undecayed. */
    private final Map<Element, Double> prose = new IdentityHashMap<>();
    /** Prose score received from text blocks below. */
    private final Map<Element, Double> scores = new IdentityHashMap<>();

    BlockScorer(Element root) {
        NodeTraversor.traverse(
                new NodeVisitor() {
                    @Override
                    public void head(Node node, int depth) {
                        if (node instanceof Element e) {
                            counts.put(e, new Counts());
                            elements.add(e);
                        }
                    }

                    @Override
                    public void tail(Node node, int depth) {
                        Counts parent = node.parent() instanceof Element p ? counts.get(p) : null;
                        if (node instanceof TextNode t) {
                            if (parent != null) {
                                String text = t.getWholeText();
                                parent.addText(TextStats.letters(text), TextStats.punctuation(text));
                            }
                        } else if (node instanceof Element e) {
                            Counts c = counts.get(e);
                            if (e.normalName().equals("a")) c.markLink();
                            if (parent != null) parent.add(c, BLOCKS.contains(e.normalName()));
                        }
                    }
                },
                root);
        for (Element e : elements) {
            Counts c = counts.get(e);
            if (!BLOCKS.contains(e.normalName()) || TextStats.isHeading(e.normalName(), 1)) continue;
            double score = blockScore(c.ownLetters, c.ownLinkLetters, c.ownPunctuation);
            if (score <= 0) continue;
            // mixed text and blocks: e holds the prose itself
            Element p = c.hasBlockChild && c.ownLetters - c.ownLinkLetters >= 100 ? e : e.parent();
            for (Element a = e; a != null; a = a.parent()) prose.merge(a, score, Double::sum);
            double[] share = {1.0, 0.5, 0.25};
            for (int level = 0; level < share.length && p != null; level++, p = p.parent()) {
                scores.merge(p, score * share[level], Double::sum);
            }
        }
    }

    /** Every element below the root that received a prose score from a text block, in document order. */
    List<Element> candidates() {
        List<Element> found = new ArrayList<>();
        for (Element e : elements) if (scores.containsKey(e)) found.add(e);
        return found;
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
        Counts c = counts.get(e);
        return c == null ? TextStats.linkLetters(e) : c.linkLetters;
    }

    int letters(Element e) {
        Counts c = counts.get(e);
        return c == null ? TextStats.letters(e) : c.letters;
    }

    double linkDensity(Element e) {
        Counts c = counts.get(e);
        if (c == null) return TextStats.linkDensity(e);
        return c.letters == 0 ? 0 : Math.min(1.0, (double) c.linkLetters / c.letters);
    }

    int punctuation(Element e) {
        Counts c = counts.get(e);
        return c == null ? 0 : c.punctuation;
    }

    /** A class name can add or take at most this share of a score. */
    private static final double CLASS_CAP = 0.5;

    /** Final candidate score: prose received, discounted by links, adjusted by class and id. */
    double candidateScore(Element e) {
        Double raw = scores.get(e);
        if (raw == null) return 0;
        double base = raw * (1 - linkDensity(e));
        double w = classWeight(e);
        return base + Math.signum(w) * Math.min(Math.abs(w), base * CLASS_CAP);
    }

    /** Weight added to a candidate block for its class and id. */
    static double classWeight(Element e) {
        double w = 0;
        if (Boilerplate.isPositive(e)) w += 20;
        if (Boilerplate.isNegative(e)) w -= 25;
        String tag = e.normalName();
        if (tag.equals("article") || tag.equals("main")) w += 10;
        String itemprop = e.attr("itemprop");
        if (itemprop.contains("articleBody") || itemprop.contains("text")) w += 30;
        return w;
    }
}
