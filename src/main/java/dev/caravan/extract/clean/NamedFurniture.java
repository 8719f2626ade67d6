package dev.caravan.extract.clean;

import dev.caravan.extract.dom.Boilerplate;
import dev.caravan.extract.dom.TextStats;
import dev.caravan.extract.dom.WordLists;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;

/**
 * Removes furniture by its class and id words ({@link Boilerplate}, judged for the page's type): comment and cookie
 * boxes first, unless they hold most of the page, then ordinary furniture that no content word redeems, unless it
 * holds the bulk of the page. Code and words of a running sentence stay whatever their class says. Not on the lenient
 * pass.
 */
final class NamedFurniture implements CleaningRule {

    /** Inline tags that may carry a word of a sentence. */
    private static final Set<String> INLINE_WORDS = WordLists.set("tag.inline-word");

    private static final int KEEP = 0;
    private static final int ORDINARY = 1;
    private static final int STRONG = 2;

    @Override
    public Take take(Visit v, Cleaning c) {
        Element e = v.element();
        return e != null && (e.hasAttr("class") || e.hasAttr("id")) ? Take.YES : Take.NO;
    }

    @Override
    public void apply(Cleaning c) {
        if (!c.byClass()) return;
        List<Element> strong = new ArrayList<>();
        List<Element> ordinary = new ArrayList<>();
        Map<String, Integer> verdicts = new HashMap<>(); // pages repeat the same class names: judge each once
        for (Element e : c.takenElements(this)) {
            if (!c.isAttached(e) || isMidSentence(e)) continue;
            // the verdict depends on the class and id, on being an article or main, and on itemprop=articleBody
            String key = (e.normalName().equals("article") || e.normalName().equals("main") ? "A" : "-")
                    + (e.attr("itemprop").contains("articleBody") ? "B" : "-")
                    + Boilerplate.signature(e);
            Integer verdict = verdicts.get(key);
            if (verdict == null) {
                verdict = Boilerplate.isStrongNegative(e, c.type())
                        ? STRONG
                        : Boilerplate.isNegative(e, c.type()) && !Boilerplate.isPositive(e) ? ORDINARY : KEEP;
                verdicts.put(key, verdict);
            }
            if (verdict == KEEP || TextStats.insideCode(e)) continue;
            (verdict == STRONG ? strong : ordinary).add(e);
        }
        Furniture.removeUnlessBulk(strong, c, Furniture.STRONG_SHARE);
        Furniture.removeUnlessBulk(ordinary, c, Furniture.SHARE);
    }

    /**
     * True for an inline element with words of a running sentence on both sides ("If you use a [Deployment] to run
     * your app"): it is a word of that sentence, whatever its class says (a glossary term named "tooltip" opens one,
     * it is not one), and taking it out would leave a hole in the text.
     */
    static boolean isMidSentence(Element e) {
        if (!INLINE_WORDS.contains(e.normalName())) return false;
        return e.previousSibling() instanceof TextNode before
                && e.nextSibling() instanceof TextNode after
                && hasLetter(before.text())
                && hasLetter(after.text());
    }

    private static boolean hasLetter(String s) {
        for (int i = 0; i < s.length(); i++) if (Character.isLetter(s.charAt(i))) return true;
        return false;
    }
}
