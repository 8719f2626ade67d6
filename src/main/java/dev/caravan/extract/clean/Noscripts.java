package dev.caravan.extract.clean;

import dev.caravan.extract.dom.TextStats;
import org.jsoup.nodes.Element;

/**
 * Removes {@code <noscript>} blocks, but keeps a big one's content: pages rendered by script often carry the
 * crawler's copy of the content there.
 */
final class Noscripts implements CleaningRule {

    /** A noscript with this many letters in paragraphs, items or articles is a copy of the content. */
    private static final int CONTENT_LETTERS = 500;

    @Override
    public Take take(Visit v, Cleaning c) {
        return v.tag().equals("noscript") ? Take.YES : Take.NO;
    }

    @Override
    public void apply(Cleaning c) {
        for (Element noscript : c.takenElements(this)) {
            if (!c.isAttached(noscript)) continue;
            if (TextStats.letters(noscript) >= CONTENT_LETTERS && noscript.selectFirst("p, div, article, li") != null)
                noscript.unwrap();
            else noscript.remove();
        }
    }
}
