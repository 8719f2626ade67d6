package dev.caravan.extract.clean;

import dev.caravan.extract.dom.WordLists;
import dev.caravan.model.PageType;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jspecify.annotations.Nullable;

/**
 * Blocks of the content that repeat an earlier one, met in document order. Pages repeat whole blocks for other
 * screens (a mobile and a desktop copy of a section, a sticky bar) and captions by accident (slideshows, lightbox
 * copies): shown once to a reader, so kept once. One per content; not thread-safe.
 */
final class Repeats {

    /** On an article only blocks this long count as repeats: it may repeat a short line on purpose (a menu line). */
    static final int ARTICLE_MIN_LETTERS = 60;

    /** Elsewhere blocks this long count as repeats. */
    static final int MIN_LETTERS = 20;

    /** A caption this long counts as a repeat on any page, even one that keeps its repeated blocks. */
    static final int CAPTION_MIN_LETTERS = 30;

    /** Blocks in which repeated copies are recognised, when they hold no other block. */
    private static final Set<String> LEAF_BLOCKS = WordLists.set("tag.leaf-block");

    private static final Set<String> BLOCKS = WordLists.set("tag.block");

    private final Map<String, Element> seen = new HashMap<>();
    private final boolean blocksRepeat;
    private final int minLetters;
    private @Nullable String lastLeaf;

    Repeats(PageType type) {
        // a reference page may repeat a line on purpose (a parameter's note): there only captions count
        this.blocksRepeat = type != PageType.DOCUMENTATION;
        this.minLetters = type == PageType.ARTICLE ? ARTICLE_MIN_LETTERS : MIN_LETTERS;
    }

    /**
     * Whether {@code e} goes if it repeats an earlier block ({@link #isRepeat}); to be asked of every block with text,
     * in document order. {@code leafText} is the text of a leaf block ({@link #isLeafBlock}), else null. A copy right
     * after the block it repeats is shown twice on purpose (a card's title and its summary), and stays.
     */
    boolean goesIfRepeated(Element e, @Nullable String leafText, int letters) {
        boolean leaf = leafText != null;
        boolean afterItself = leaf && leafText.equals(lastLeaf);
        if (leaf) lastLeaf = leafText;
        return leaf
                && (blocksRepeat && !afterItself && letters >= minLetters
                        || letters >= CAPTION_MIN_LETTERS && isCaption(e));
    }

    /** True when an earlier block, not an ancestor of this one, had the same text. */
    boolean isRepeat(Element e, String text) {
        Element first = seen.putIfAbsent(text, e);
        if (first == null) return false;
        for (Element p = e.parent(); p != null; p = p.parent()) {
            if (p == first) {
                seen.put(text, e); // same text one level down: the inner block stands for it now
                return false;
            }
        }
        return first.parent() != null; // the first copy is still there
    }

    /** A block holding text but no other blocks: the unit in which repeated copies are recognised. */
    static boolean isLeafBlock(Element e) {
        if (!LEAF_BLOCKS.contains(e.normalName())) return false;
        for (Element c : e.children()) if (BLOCKS.contains(c.normalName())) return false;
        return true;
    }

    /**
     * Captions are what pages repeat by accident (slideshows, lightbox copies); other repeated blocks, such as the
     * same menu line in two meal plans, are content.
     */
    private static boolean isCaption(Element e) {
        for (Element p = e; p != null && p.parent() != null; p = p.parent()) {
            String n = p.normalName();
            if (n.equals("figcaption") || n.equals("figure") || n.equals("caption")) return true;
            if (p.className().toLowerCase(Locale.ROOT).contains("caption")) return true;
        }
        return false;
    }
}
