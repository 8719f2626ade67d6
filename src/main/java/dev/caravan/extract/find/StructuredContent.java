package dev.caravan.extract.find;

import dev.caravan.extract.dom.TextStats;
import dev.caravan.model.PageType;
import java.util.IdentityHashMap;
import java.util.Map;
import org.jsoup.nodes.Element;

/**
 * Main content of the page types made of many similar parts rather than one stretch of prose: listings and
 * collections (every card of the repeated list), product pages (description, specifications, tabbed panels) and
 * service pages (every section). On these pages the best prose block is one card or one section, so the content is
 * the page's main landmark, or else the whole body once navigation, headers, footers and other furniture are gone.
 * Stateless.
 */
public final class StructuredContent {

    private StructuredContent() {}

    /** True for the page types whose content is the whole cleaned page rather than its best prose block. */
    public static boolean appliesTo(PageType type) {
        return type == PageType.LISTING
                || type == PageType.COLLECTION
                || type == PageType.PRODUCT
                || type == PageType.SERVICE;
    }

    /** Letters of running prose that make a page's own text, against which a grid of cards is the shop around it. */
    public static final int PROSE = 2000;

    /** Letters in the paragraphs of {@code region} that read as prose: long, and not mostly links. */
    public static int prose(Element region) {
        int prose = 0;
        for (Element p : region.getElementsByTag("p")) {
            int letters = TextStats.letters(p);
            if (letters >= 150 && TextStats.linkDensity(p) < 0.2) prose += letters;
        }
        return prose;
    }

    /**
     * The smallest element inside {@code block} that still holds all of its prose. The best prose block of a shop's
     * category page may be a wrapper around both the grid of cards and the written guide below it; the guide is the
     * part that holds the sentences.
     */
    public static Element narrowToProse(Element block) {
        Map<Element, Integer> prose = new IdentityHashMap<>();
        for (Element p : block.getElementsByTag("p")) {
            int letters = TextStats.letters(p);
            if (letters < 150 || TextStats.linkDensity(p) >= 0.2) continue;
            for (Element e = p; e != null; e = e.parent()) {
                prose.merge(e, letters, Integer::sum);
                if (e == block) break;
            }
        }
        Element core = block;
        while (true) {
            int total = prose.getOrDefault(core, 0);
            Element next = null;
            for (Element c : core.children()) {
                if (prose.getOrDefault(c, 0) == total) next = c;
            }
            if (next == null || total == 0 || next.normalName().equals("p")) return core;
            core = next;
        }
    }

    /** Share of the cleaned page's text below which the best prose block of an untyped page is too small. */
    static final double SMALL_SHARE = 0.25;

    /**
     * Share below which even the best prose block of a dated page is too small: a date says the page is one post, yet
     * service and category pages carry one too (a CMS stamps every page), and there the intro is a sliver of the page.
     */
    static final double SMALL_SHARE_DATED = 0.1;

    /**
     * True when the best prose block of a page that is neither a forum nor documentation holds so little of the
     * cleaned page's text that the page is more likely a set of parts than one text; a dated page must hold far less.
     */
    public static boolean coversTooLittle(PageType type, boolean dated, int blockLetters, int pageLetters) {
        if (type == PageType.FORUM || type == PageType.DOCUMENTATION) return false;
        return blockLetters < (dated ? SMALL_SHARE_DATED : SMALL_SHARE) * pageLetters;
    }

    /** The page's main landmark when it holds a fair share of the text, else the cleaned body. */
    public static Element region(Element body) {
        Element main = body.selectFirst("main, [role=main]");
        if (main != null && TextStats.letters(main) > 200) return main;
        return body;
    }
}
