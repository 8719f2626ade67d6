package dev.caravan.extract.find;

import dev.caravan.extract.dom.Boilerplate;
import dev.caravan.extract.dom.TextStats;
import dev.caravan.extract.dom.WordLists;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Tag;

/**
 * Picks the element holding the main content: the best-scored prose container, widened to a common ancestor when
 * the content is split over several containers (forum posts, doc sections), plus the siblings that read like it.
 */
public final class MainContentFinder {

    /** Below this many letters the best block is too small to stand for the page. */
    private static final int WEAK_LETTERS = 600;

    /** Tags of the siblings that may read as more of the same text (word-lists.properties). */
    private static final Set<String> PROSE_SIBLINGS = WordLists.set("tag.prose-sibling");

    /**
     * Returns the main content: a detached container with the best block and its kin, the page's main landmark when
     * no block stands out, or else the body.
     */
    public Element find(Element body) {
        return find(body, 0.45);
    }

    /**
     * As {@link #find(Element)}; {@code kin} is the share of the best block's score from which another block counts
     * as more of the same content (posts of a thread vary in length more than sections of an article).
     */
    public Element find(Element body, double kin) {
        BlockScorer scorer = new BlockScorer(body);
        Element top = null;
        double best = 0;
        List<Element> candidates = scorer.candidates();
        for (Element e : candidates) { // document order: of equal scores the first wins, on every run
            double s = scorer.candidateScore(e);
            if (s > best) {
                best = s;
                top = e;
            }
        }
        if (top == null || top == body) {
            Element landmark = body.selectFirst("main, [role=main]");
            return landmark != null && scorer.letters(landmark) > 0 ? landmark : body;
        }
        top = widen(top, best, candidates, scorer, kin);
        top = climb(top, body, scorer);
        if (kin >= 0.45) top = articleBody(top, body, scorer);
        Element landmark = weakResultLandmark(top, body, scorer);
        if (landmark != null) return landmark;
        if (top == body || top.parent() == null) return top;
        return withSiblings(top, scorer.candidateScore(top), scorer);
    }

    /**
     * When the best prose block is tiny (pages made of links and short items: indexes, catalogues), the page's own
     * landmark ({@code main}, {@code role=main}, a single {@code article}) is the better guess.
     */
    private static Element weakResultLandmark(Element top, Element body, BlockScorer scorer) {
        int letters = scorer.letters(top);
        if (letters >= WEAK_LETTERS) return null;
        Element landmark = body.selectFirst("main, [role=main]");
        if (landmark == null && body.select("article").size() == 1) landmark = body.selectFirst("article");
        if (landmark == null || scorer.letters(landmark) < 2 * Math.max(letters, 100)) return null;
        return landmark;
    }

    /** Moves up to a common ancestor when other strong candidates live next to the best one. */
    private static Element widen(Element top, double best, List<Element> candidates, BlockScorer scorer, double kin) {
        List<Element> strong = new ArrayList<>();
        for (Element c : candidates) {
            if (c != top && scorer.candidateScore(c) >= best * kin && !isRelated(c, top)) strong.add(c);
        }
        if (strong.size() < 2) return top;
        Element ancestor = top.parent();
        int levels = kin < 0.45 ? 10 : 4; // a thread nests each post deeper than an article its sections
        for (int level = 0; level < levels && ancestor != null; level++, ancestor = ancestor.parent()) {
            int inside = 0;
            for (Element c : strong) if (isAncestor(ancestor, c)) inside++;
            if (inside >= 2) {
                if (scorer.linkDensity(ancestor) < 0.5) return ancestor;
                return top;
            }
        }
        return top;
    }

    /**
     * Moves up to an ancestor that adds a fair amount of prose and few links (an article split into chunks, a
     * page of sections); small additions such as a panel's heading link do not stop the walk.
     */
    private static Element climb(Element top, Element body, BlockScorer scorer) {
        int failures = 0;
        Element a = top.parent();
        for (int level = 0; level < 14 && a != null && a != body && failures < 6; level++, a = a.parent()) {
            int added = scorer.letters(a) - scorer.letters(top);
            if (added <= 50 + 0.05 * scorer.letters(top)) continue; // only taken along by a real gain above
            double gain = scorer.prose(a) - scorer.prose(top);
            double addedDensity = (double) (scorer.linkLetters(a) - scorer.linkLetters(top)) / added;
            if (gain >= 0.35 * scorer.prose(top) && addedDensity < 0.25) {
                top = a;
                failures = 0;
            } else {
                failures++;
            }
        }
        return top;
    }

    /** About the prose score of one real paragraph: less than that added is a byline or a label. */
    private static final double MIN_PROSE_GAIN = 3;

    /** Class and id words that name the container of an article's whole text, never a part of it. */
    private static final Set<String> ARTICLE_BODY = WordLists.set("class.article-body");

    /**
     * Moves up to the element the page itself names as the article's body ({@code itemprop=articleBody},
     * "entry-content") when the best block lies inside it: a long article whose sections are boxes, accordions or
     * page-builder rows of their own is found by one of its parts, and the rest of it adds too little prose for
     * {@link #climb} (lists, tables, product boxes). The named body holds the article only, so what it adds is taken
     * unless it is mostly links or hardly any prose (a byline, a header line).
     */
    private static Element articleBody(Element top, Element body, BlockScorer scorer) {
        int level = 0;
        for (Element a = top.parent(); a != null && a != body && level < 10; a = a.parent(), level++) {
            if (!isArticleBody(a)) continue;
            int added = scorer.letters(a) - scorer.letters(top);
            if (added <= 50 + 0.05 * scorer.letters(top) // a byline, a header line
                    || scorer.prose(a) - scorer.prose(top) < Math.max(MIN_PROSE_GAIN, 0.1 * scorer.prose(top)))
                return top;
            double addedDensity = (double) (scorer.linkLetters(a) - scorer.linkLetters(top)) / added;
            return addedDensity < 0.5 ? a : top;
        }
        return top;
    }

    private static boolean isArticleBody(Element e) {
        if (e.attr("itemprop").contains("articleBody")) return true;
        return Boilerplate.isNamed(e, ARTICLE_BODY);
    }

    private static boolean isRelated(Element a, Element b) {
        return isAncestor(a, b) || isAncestor(b, a);
    }

    private static boolean isAncestor(Element ancestor, Element e) {
        for (Element p = e.parent(); p != null; p = p.parent()) if (p == ancestor) return true;
        return false;
    }

    /** Gathers the best container and the siblings that look like more of the same article. */
    private static Element withSiblings(Element top, double topScore, BlockScorer scorer) {
        Element parent = top.parent();
        List<Element> siblings = new ArrayList<>(parent.children());
        boolean[] keep = new boolean[siblings.size()];
        double threshold = Math.max(10, topScore * 0.2);
        for (int i = 0; i < siblings.size(); i++) {
            Element s = siblings.get(i);
            if (s == top) {
                keep[i] = true;
                continue;
            }
            double score = scorer.candidateScore(s);
            if (score >= threshold) {
                keep[i] = true;
                continue;
            }
            if (!PROSE_SIBLINGS.contains(s.normalName()) && !s.normalName().equals("div")) continue;
            int letters = scorer.letters(s);
            double ld = scorer.linkDensity(s);
            if (letters >= 80 && ld < 0.25 && scorer.punctuation(s) >= 2) keep[i] = true;
            else if (letters > 0 && ld == 0 && s.normalName().equals("p") && endsSentence(s.text())) keep[i] = true;
        }
        // headings and short lead-ins directly before kept content belong to it
        for (int i = siblings.size() - 2; i >= 0; i--) {
            if (!keep[i] && keep[i + 1] && TextStats.isHeading(siblings.get(i).normalName(), 2)) keep[i] = true;
        }
        Element container = new Element(Tag.valueOf("div"), parent.baseUri());
        for (int i = 0; i < siblings.size(); i++) if (keep[i]) container.appendChild(siblings.get(i));
        return container;
    }

    private static boolean endsSentence(String text) {
        String t = text.strip();
        return !t.isEmpty() && ".!?…\"”".indexOf(t.charAt(t.length() - 1)) >= 0;
    }
}
