package dev.caravan.extract.clean;

import dev.caravan.extract.dom.LetterCounts;
import dev.caravan.extract.dom.TextStats;
import dev.caravan.web.Urls;
import java.util.IdentityHashMap;
import java.util.Map;
import org.jsoup.nodes.Element;
import org.jspecify.annotations.Nullable;

/**
 * Link boxes that point around the same site (related stories, section menus) are furniture; a list of links to
 * other sites (sources, products, further reading) belongs to the text, and so does a list that carries real
 * sentences. One per content; not thread-safe.
 */
final class LinkBoxes {

    /** A block with more than this share of link text is a box of links... */
    static final double LINK_DENSITY = 0.6;

    /** ...when it holds less than this share of the content's letters. */
    static final double MAX_SHARE = 0.35;

    /** A box of links still counts as content with more letters than this... */
    private static final int PROSE_LETTERS = 200;

    /** ...at least one punctuation mark per this many letters... */
    private static final int PROSE_LETTERS_PER_MARK = 40;

    /** ...and less than this share of link text. */
    private static final double PROSE_MAX_LINK_DENSITY = 0.8;

    private final Element root;
    private final @Nullable String host;
    /** Per element: links below it, and those pointing around the same site; counted when first needed. */
    private @Nullable Map<Element, int[]> links;

    LinkBoxes(Element root) {
        this.root = root;
        this.host = host(root.baseUri());
    }

    /** True when {@code e}, a container with {@code letters}, is a box of links around the page's own site. */
    boolean isInternalLinkBox(Element e, int letters, LetterCounts counts, int contentLetters) {
        double ld = counts.linkDensity(e);
        if (!(ld > LINK_DENSITY && letters < contentLetters * MAX_SHARE && !hasProse(e))) return false;
        if (links == null) links = linkCounts(root, host);
        int[] n = links.get(e);
        return n == null || n[1] * 2 >= n[0]; // mostly internal: furniture
    }

    /**
     * Counts, for every element holding links, its links and the internal ones among them, resolving each link once.
     */
    private static Map<Element, int[]> linkCounts(Element root, @Nullable String host) {
        Map<Element, int[]> counts = new IdentityHashMap<>();
        for (Element a : root.getElementsByAttribute("href")) {
            if (!a.normalName().equals("a")) continue;
            String h = host == null ? null : linkHost(a.attr("href"), host);
            int internal = h == null || h.equals(host) ? 1 : 0;
            for (Element p = a; p != null; p = p.parent()) {
                int[] n = counts.computeIfAbsent(p, k -> new int[2]);
                n[0]++;
                n[1] += internal;
                if (p == root) break;
            }
        }
        return counts;
    }

    /**
     * The host a link points to, {@code pageHost} for links within the page's site. Only absolute and
     * protocol-relative links can leave the site, so only they are parsed (resolving every link was slow).
     */
    private static @Nullable String linkHost(String href, String pageHost) {
        String h = href.strip();
        // relative, or mailto: and the like, which count as the site's own links too
        if (!Urls.isAbsoluteLink(h)) return pageHost;
        return host(h.startsWith("//") ? "https:" + h : h);
    }

    /** The site a link points to: its host without a leading {@code www.}, or null when it has none. */
    private static @Nullable String host(String url) {
        return Urls.host(url)
                .map(h -> h.startsWith("www.") ? h.substring(4) : h)
                .orElse(null);
    }

    /** A list or block of links still counts as content when it carries real sentences. */
    private static boolean hasProse(Element e) {
        String own = e.text();
        int letters = TextStats.letters(own);
        return letters > PROSE_LETTERS
                && TextStats.punctuation(own) * PROSE_LETTERS_PER_MARK > letters
                && TextStats.linkDensity(e) < PROSE_MAX_LINK_DENSITY;
    }
}
