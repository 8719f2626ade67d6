package dev.caravan.extract;

import dev.caravan.model.PageType;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.jsoup.nodes.Element;

/**
 * Main content of the page types made of many similar parts rather than one stretch of prose: listings and
 * collections (every card of the repeated list), product pages (description, specifications, tabbed panels) and
 * service pages (every section). On these pages the best prose block is one card or one section, so the content is
 * the page's main landmark, or else the whole body once navigation, headers, footers and other furniture are gone.
 * Stateless.
 */
final class StructuredContent {

    private StructuredContent() {}

    /** True for the page types whose content is the whole cleaned page rather than its best prose block. */
    static boolean appliesTo(PageType type) {
        return type == PageType.LISTING
                || type == PageType.COLLECTION
                || type == PageType.PRODUCT
                || type == PageType.SERVICE;
    }

    /** Class and id words of tab and accordion panels. */
    static final Set<String> PANEL_WORDS = Set.of(
            "tab",
            "tabs",
            "tab-pane",
            "tab-panel",
            "tabpanel",
            "tab-content",
            "accordion",
            "accordion-content",
            "accordion-body",
            "accordion-panel",
            "collapse",
            "collapsible",
            "panel");

    /**
     * True when a hidden element is a tab or accordion panel, by role or by class. Pages show their details in tabs and
     * accordions (a product's specifications, a service's courses or plans, an FAQ's answers): a collapsed panel is
     * content, merely not opened yet.
     */
    static boolean isPanel(Element e) {
        String role = e.attr("role");
        if (role.equalsIgnoreCase("tabpanel") || role.equalsIgnoreCase("region")) return true;
        return Boilerplate.isNamed(e, PANEL_WORDS);
    }

    /**
     * True when a button opens a panel (it says which, or whether it is open): its words name the panel, as a
     * heading would.
     */
    static boolean isPanelTrigger(Element e) {
        if (!e.normalName().equals("button")) return false;
        if (!e.hasAttr("aria-controls") && !e.hasAttr("aria-expanded")) return false;
        String role = e.attr("role");
        return !e.hasAttr("aria-haspopup") && (role.isEmpty() || role.equalsIgnoreCase("tab"));
    }

    /** Letters of running prose that make a page's own text, against which a grid of cards is the shop around it. */
    static final int PROSE = 2000;

    /** Letters in the paragraphs of {@code region} that read as prose: long, and not mostly links. */
    static int prose(Element region) {
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
    static Element narrowToProse(Element block) {
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
    static boolean coversTooLittle(PageType type, boolean dated, int blockLetters, int pageLetters) {
        if (type == PageType.FORUM || type == PageType.DOCUMENTATION) return false;
        return blockLetters < (dated ? SMALL_SHARE_DATED : SMALL_SHARE) * pageLetters;
    }

    /** The page's main landmark when it holds a fair share of the text, else the cleaned body. */
    static Element region(Element body) {
        Element main = body.selectFirst("main, [role=main]");
        if (main != null && TextStats.letters(main) > 200) return main;
        return body;
    }

    /**
     * Class and id words of what a shop page shows beside the product itself: customer reviews and ratings,
     * testimonials, other products. On an article the same words may name the text (a product review), so they
     * count on shop pages only.
     */
    static final Set<String> BESIDE_PRODUCT = Set.of(
            "review",
            "reviews",
            "ratings",
            "testimonial",
            "testimonials",
            "recently-viewed",
            "upsell",
            "upsells",
            "cross-sell",
            "crosssell",
            "also-bought",
            "similar-products");

    /**
     * Class and id words of the controls a shop's category page sets above and beside its grid of items: the facet
     * and filter panels, the sort menu, the count of results. They steer the grid; they say nothing about its items.
     */
    static final Set<String> BESIDE_GRID = Set.of(
            "facet",
            "facets",
            "faceted-search",
            "filter",
            "filters",
            "refinement",
            "refinements",
            "sort",
            "sort-by",
            "sortby",
            "sorting",
            "result-count",
            "results-count",
            "product-count",
            // the buttons of each card: a quick look, a wish list, the store to pick up from
            "quick-view",
            "quickview",
            "quick-shop",
            "quickshop",
            "quick-add",
            "wishlist",
            "add-to-wishlist",
            "store-selector",
            "store-picker",
            "load-more");

    /**
     * Class and id words of what a forum shows around each post: the poster's title, rank, reputation, badges and
     * post count, vote buttons, signatures. Elsewhere such words may name content ("signature dishes").
     */
    static final Set<String> BESIDE_POST = Set.of(
            "usertitle",
            "user-title",
            "userextras",
            "user-extras",
            "userbanner",
            "user-banner",
            "reputation",
            "badgecount",
            "badge-count",
            "badges",
            "signature",
            "sig",
            "votecell",
            "vote",
            "voting",
            "postprofile",
            "post-profile",
            "user-stats",
            "userstats",
            "repliescount");

    /**
     * Drops what sits beside the content inside {@code region}: reviews and other products on a product page (and on
     * a shop's collection page, which product pages are often taken for), the
     * poster's rank, badges and signature in a forum thread; never an element holding half of the region.
     */
    static void dropBesideContent(Element region, PageType type) {
        if (type == PageType.PRODUCT || type == PageType.COLLECTION) drop(region, BESIDE_PRODUCT);
        if (type == PageType.COLLECTION || type == PageType.LISTING) {
            // a heading's id is often its own words made a slug ("bloom-filter"): that names a topic, not a control
            dropMarked(region, e -> !TextStats.isHeading(e.normalName(), 1) && Boilerplate.isNamed(e, BESIDE_GRID));
            dropLinkButtons(region);
        } else if (type == PageType.FORUM) drop(region, BESIDE_POST);
    }

    /**
     * Removes the links of {@code region} that are buttons leading nowhere (role "button", no address of their own):
     * a card's "Add to Compare" or "Add to Wish List" runs a script on the grid and names nothing about the item.
     */
    private static void dropLinkButtons(Element region) {
        for (Element a : region.select("a[role=button]")) {
            String href = a.attr("href").trim();
            if (href.isEmpty() || href.equals("#") || href.regionMatches(true, 0, "javascript:", 0, 11)) a.remove();
        }
    }

    private static void drop(Element region, Set<String> words) {
        dropMarked(region, e -> Boilerplate.isNamed(e, words));
    }

    /**
     * Removes the elements of {@code region} that {@code beside} tells by their class or id, never one holding half of
     * the region.
     */
    static void dropMarked(Element region, Predicate<Element> beside) {
        LetterCounts counts = new LetterCounts(region);
        int total = Math.max(1, counts.letters(region));
        List<Element> marked = new ArrayList<>();
        for (Element e : region.getAllElements()) {
            if (e == region || !e.hasAttr("class") && !e.hasAttr("id")) continue;
            if (beside.test(e)) marked.add(e);
        }
        for (Element e : marked) {
            if (e.parent() != null && counts.letters(e) < total / 2) e.remove();
        }
    }
}
