package dev.caravan.extract.clean;

import java.util.Locale;
import org.jsoup.nodes.Element;

/**
 * Removes what the page does not show ({@code hidden}, {@code aria-hidden}, popovers, {@code display:none}), unless
 * it is a collapsed tab or accordion panel, or holds the bulk of the page's text (a page that reveals its text with a
 * script).
 */
final class HiddenParts implements CleaningRule {

    /** A hidden part with at least this many letters and half of the page's is the page's text, revealed later. */
    private static final int BULK_LETTERS = 500;

    @Override
    public Take take(Visit v, Cleaning c) {
        Element e = v.element();
        return e != null && isHidden(e) ? Take.YES : Take.NO;
    }

    @Override
    public void apply(Cleaning c) {
        for (Element e : c.takenElements(this)) {
            if (!c.isAttached(e)) continue;
            if (Panels.isPanel(e)) continue; // a collapsed tab or accordion panel: content not opened yet
            int letters = c.counts().letters(e);
            if (letters < BULK_LETTERS || letters < c.total() / 2) e.remove();
        }
    }

    /** True for an element the page does not show (a collapsed panel is judged in {@link #apply}). */
    private static boolean isHidden(Element e) {
        if (e.hasAttr("hidden") && !StreamedCodeBlocks.isStreamedSegment(e)) return true;
        // aria-hidden only hides from screen readers: on a link it marks a visible duplicate of a teaser's link
        if (e.attr("aria-hidden").equals("true") && !e.normalName().equals("a")) return true;
        if (e.hasAttr("popover")) return true; // HTML popovers stay hidden until a button opens them
        String style = e.attr("style").toLowerCase(Locale.ROOT).replace(" ", "");
        return style.contains("display:none") || style.contains("visibility:hidden");
    }
}
