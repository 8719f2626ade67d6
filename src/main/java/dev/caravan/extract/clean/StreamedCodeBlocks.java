package dev.caravan.extract.clean;

import dev.caravan.extract.dom.TextStats;
import org.jsoup.nodes.Element;

/**
 * Moves a streamed code block into its slot. React's streaming server rendering sends late parts of the page as
 * {@code <div hidden id="S:3">} at the end of the body, and a script moves each at once into its slot {@code <template
 * id="B:3">}. A documentation tool that highlights code on the server sends each highlighted block late, and left at
 * the end of the body the examples part from the text that introduces them. Other segments stay where they are:
 * moved, side lists come into the content too. Runs first, while the slots (templates) are still there.
 */
final class StreamedCodeBlocks implements CleaningRule {

    @Override
    public Take take(Visit v, Cleaning c) {
        Element e = v.element();
        return e != null && e.hasAttr("hidden") && isStreamedSegment(e) ? Take.YES : Take.NO;
    }

    @Override
    public void apply(Cleaning c) {
        for (Element segment : c.takenElements(this)) fillSlot(segment, c);
    }

    /** A part of the page streamed late: {@code id="S:<hex>"}, content the reader sees, not hidden text. */
    static boolean isStreamedSegment(Element e) {
        String id = e.id();
        if (id.length() < 3 || !id.startsWith("S:")) return false;
        for (int i = 2; i < id.length(); i++) if (Character.digit(id.charAt(i), 16) < 0) return false; // hex
        return true;
    }

    private static void fillSlot(Element segment, Cleaning c) {
        if (!c.isAttached(segment)) return;
        Element pre = segment.selectFirst("pre");
        if (pre == null || 2 * TextStats.letters(pre) < TextStats.letters(segment)) return; // mostly code
        Element slot = c.root().getElementById("B:" + segment.id().substring(2));
        if (slot == null || !slot.normalName().equals("template")) return;
        slot.replaceWith(segment);
        segment.removeAttr("hidden");
    }
}
