package dev.caravan.extract;

import dev.caravan.model.PageType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;
import org.jspecify.annotations.Nullable;

/**
 * Cleans inside the chosen content: the headline that repeats the title, labels and credits, link boxes around the
 * same site, "Related ..." sections, repeated captions, empty elements and orphan headings. Stateless.
 */
final class ContentPruner {

    /** Links that share the page instead of pointing somewhere ("Click to tweet"). */
    private static final Pattern SHARE_LINK = Pattern.compile(
            "(?i)(twitter\\.com|x\\.com)/(share|intent)|facebook\\.com/sharer|linkedin\\.com/share|pinterest\\.com/pin/create"
                    + "|reddit\\.com/submit|wa\\.me/|whatsapp://|mailto:\\?|share\\.flipboard\\.com|mix\\.com/add"
                    + "|getpocket\\.com/(save|edit)|tumblr\\.com/(share|widgets/share)|t\\.me/share");

    private static final Set<String> CONTAINERS =
            Set.of("div", "section", "ul", "ol", "dl", "table", "article", "span", "p");
    private static final Set<String> PRUNED_INLINE = Set.of("li", "a", "strong", "em", "b");

    void prune(Element root, String title) {
        prune(root, title, PageType.ARTICLE);
    }

    /** As {@link #prune(Element, String)} on a page of {@code type}: some furniture is furniture on articles only. */
    void prune(Element root, String title, PageType type) {
        TitleHeading.remove(root, title);
        removeAuthorBoxes(root);
        if (type == PageType.ARTICLE) removePhotoCaptions(root);
        LetterCounts counts = new LetterCounts(root);
        double rootDensity = counts.linkDensity(root);
        String host = host(root.baseUri());
        int rootLetters = Math.max(1, counts.letters(root));
        List<Element> all = new ArrayList<>(root.getAllElements());
        Set<Element> code = Collections.newSetFromMap(new IdentityHashMap<>()); // highlighted code: spans matter
        for (Element c : root.select("pre, code")) code.addAll(c.getAllElements());
        Map<Element, int[]> links = null; // per element: links below it, and those pointing around the same site
        Map<String, Element> seen = new HashMap<>(); // repeated blocks (carousel captions, sticky copies) are kept once
        // pages repeat whole blocks for other screens (a mobile and a desktop copy of a section, a sticky bar):
        // shown once to a reader, so kept once; a reference page may repeat a line on purpose (a parameter's note)
        boolean repeats = type != PageType.DOCUMENTATION;
        // an article may repeat a short line on purpose (the same menu line in two meal plans): only longer blocks
        int repeatLetters = type == PageType.ARTICLE ? 60 : 20;
        String lastLeaf = null;
        for (Element e : all) {
            if (e == root || e.parent() == null) continue;
            String tag = e.normalName();
            if (!CONTAINERS.contains(tag) && !PRUNED_INLINE.contains(tag) && !TextStats.isHeading(tag, 1)) continue;
            if (code.contains(e)) continue;
            int letters = counts.letters(e);
            if (letters == 0) {
                // an empty inline element may be the only gap between two words: leave a space behind
                if (INLINE.contains(tag) && !e.wholeText().isEmpty()) e.replaceWith(new TextNode(" "));
                else if (e.select("img, br, hr").isEmpty()) e.remove();
                continue;
            }
            boolean leaf = isLeafBlock(e);
            String leafText = leaf ? e.text().strip() : null;
            // a copy right after the block it repeats is shown twice on purpose (a card's title and its summary)
            boolean afterItself = leaf && leafText.equals(lastLeaf);
            if (leaf) lastLeaf = leafText;
            boolean dropIfRepeat =
                    leaf && (repeats && !afterItself && letters >= repeatLetters || letters >= 30 && isCaption(e));
            if (letters < 200) {
                String text = leaf ? leafText : e.text().strip();
                boolean isLink = tag.equals("a");
                if (isLink && isShareLink(e.attr("href"))) {
                    e.unwrap(); // "click to tweet" quotes: keep the words, drop the share link
                    continue;
                }
                if (INLINE.contains(tag) && !standsAlone(e, letters, counts)) continue; // a word inside running text
                if (isLink && isButton(e) && NoiseText.isCallToAction(text, letters)) {
                    e.remove();
                    continue;
                }
                if (NoiseText.isNoise(
                                text,
                                letters,
                                isLink || e.selectFirst("a") != null,
                                isLink,
                                TextStats.isHeading(tag, 1))
                        || dropIfRepeat && isRepeat(e, text, seen)) {
                    e.remove();
                    continue;
                }
            }
            if (letters >= 200 && dropIfRepeat && isRepeat(e, leafText, seen)) {
                e.remove();
                continue;
            }
            if (!CONTAINERS.contains(tag) || rootDensity > 0.35) continue;
            double ld = counts.linkDensity(e);
            if (ld > 0.6 && letters < rootLetters * 0.35 && !hasProse(e)) {
                if (links == null) links = linkCounts(root, host);
                int[] n = links.get(e);
                if (n == null || n[1] * 2 >= n[0]) e.remove(); // mostly internal: furniture
            }
        }
        removeElsewhereSections(root, counts, type);
        OrphanHeadings.remove(root);
    }

    /**
     * The writer marked up as schema.org author with a biography (a portrait, a few sentences, links to the other
     * posts) is a box about the writer, not part of the article; a bare byline name is too short to matter here.
     */
    private static void removeAuthorBoxes(Element root) {
        for (Element a : root.select("[itemprop=author]")) {
            if (a != root && a.parent() != null && TextStats.letters(a) >= AUTHOR_BOX_LETTERS) a.remove();
        }
    }

    /** A caption that numbers its figure ("Figure 2.", "Table 1:", "Listing 9-3") is referred to by the text. */
    private static final Pattern NUMBERED_CAPTION =
            Pattern.compile("(?i)\\W*(figure|fig\\.?|table|listing|chart|graph|diagram|exhibit|example)\\s*\\d.*");

    /**
     * On an article the captions under its photos describe the pictures and credit the photographers; they are not
     * part of the text (on documentation a caption explains a diagram, and stays). Numbered captions stay.
     */
    private static void removePhotoCaptions(Element root) {
        for (Element c : root.getElementsByTag("figcaption")) {
            Element figure = c.parent();
            if (figure == null || !figure.normalName().equals("figure") || !isPhoto(figure)) continue;
            if (!NUMBERED_CAPTION.matcher(c.text()).matches()) c.remove();
        }
    }

    private static final Pattern IMAGE_FILE = Pattern.compile("(?i)[^?#]*\\.(jpe?g|png|gif|webp|avif)([?#].*)?");

    /**
     * A figure showing a picture: not a quotation (a testimonial's caption names the speaker) and not a card whose
     * picture links to another page (an offer, a product: the caption is its title or terms). A picture linked to
     * its own larger copy is still a photo.
     */
    private static boolean isPhoto(Element figure) {
        Element img = figure.selectFirst("img, picture");
        if (img == null || figure.selectFirst("blockquote") != null) return false;
        Element link = img.closest("a");
        return link == null || IMAGE_FILE.matcher(link.attr("href")).matches();
    }

    /** An author element with this many letters holds more than a name: a biography. */
    private static final int AUTHOR_BOX_LETTERS = 100;

    /** Every share link holds one of these words: the pattern runs only on links that do. */
    private static boolean isShareLink(String href) {
        String h = href.toLowerCase(Locale.ROOT);
        boolean candidate = h.contains("share")
                || h.contains("intent")
                || h.contains("submit")
                || h.contains("wa.me/")
                || h.contains("whatsapp://")
                || h.contains("pin/create")
                || h.contains("mix.com/add")
                || h.contains("getpocket.com/")
                || h.contains("mailto:?");
        return candidate && SHARE_LINK.matcher(href).find();
    }

    /** "More in Sport", "Related stories": the heading and what follows it up to the next heading go. */
    private static void removeElsewhereSections(Element root, LetterCounts counts, PageType type) {
        // other products are elsewhere on the shop's pages: product pages, and collections they are taken for
        boolean shop = type == PageType.PRODUCT || type == PageType.COLLECTION;
        for (Element h : root.select("h2, h3, h4, h5, h6, p, div, span, strong, b")) {
            if (h.parent() == null || counts.letters(h) > 80) continue;
            String text = h.text();
            // a label "Returns:" in a row of the offer's facts is not a section of terms: headings only
            boolean heading = TextStats.isHeading(h.normalName(), 2);
            boolean shopBox =
                    shop && (NoiseText.introducesOtherProducts(text) || heading && NoiseText.headsShopTerms(text));
            if (!shopBox && !NoiseText.introducesElsewhere(text) && !namesAnAuthor(h)) continue;
            if (shopBox && removeProductBox(h, text, root, counts)) continue;
            if (!heading) {
                // a label styled as a heading: it goes with the list or link box right after it
                Element next = h.nextElementSibling();
                if (next != null
                        && ((next.normalName().equals("ul") || next.normalName().equals("ol"))
                                || TextStats.linkDensity(next) > 0.4)) next.remove();
                if (h.text().length() < 60) h.remove();
                continue;
            }
            Element parent = h.parent();
            if (parent != root && parent.childrenSize() <= 3 && h.elementSiblingIndex() == 0) {
                parent.remove(); // a box of its own: heading plus list
                continue;
            }
            Element next = h.nextElementSibling();
            while (next != null && !TextStats.isHeading(next.normalName(), 1)) {
                Element after = next.nextElementSibling();
                next.remove();
                next = after;
            }
            h.remove();
        }
    }

    /** A box of other products holds at least this many letters besides its heading. */
    private static final int PRODUCT_BOX_LETTERS = 20;

    /**
     * Removes the box that a heading of other products opens: the largest ancestor whose text begins with the
     * heading and that holds less than half of the content (shops nest the heading some levels deeper than the
     * carousel of cards next to it), and never one holding a top-level heading, which names the product itself.
     * False when there is no such box beyond the heading itself.
     */
    private static boolean removeProductBox(Element h, String text, Element root, LetterCounts counts) {
        int half = counts.letters(root) / 2;
        Element box = h;
        for (Element p = h.parent(); p != null && p != root && counts.letters(p) < half; p = p.parent()) {
            if (!p.getElementsByTag("h1").isEmpty() || !p.text().startsWith(text)) break;
            box = p;
        }
        if (counts.letters(box) < counts.letters(h) + PRODUCT_BOX_LETTERS) return false;
        box.remove();
        return true;
    }

    private static final Set<String> INLINE = Set.of("a", "strong", "em", "b", "span");

    /** Where sites keep the page of each writer: /author/jane-doe, /authors/jane, /contributors/jane. */
    private static final Pattern AUTHOR_PAGE = Pattern.compile("(?i)/(authors?|writers?|contributors?)/[^/?#]+");

    /**
     * A heading that is nothing but a link to a writer's page heads the writer's biography (a box after the article,
     * one per writer), not a section of the article.
     */
    private static boolean namesAnAuthor(Element h) {
        if (!TextStats.isHeading(h.normalName(), 2) || h.childrenSize() != 1) return false;
        Element a = h.child(0);
        return a.normalName().equals("a")
                && a.text().length() == h.text().length()
                && AUTHOR_PAGE.matcher(a.attr("href")).find();
    }

    /** Where a lone link is a paragraph of its own, not an item of a list or a cell of a table. */
    private static final Set<String> BUTTON_PARENTS = Set.of("p", "div", "span", "strong", "b", "em", "center");

    /** A link alone in its paragraph or box (the caller has checked that it is all its parent's text). */
    private static boolean isButton(Element a) {
        Element parent = a.parent();
        return parent != null && BUTTON_PARENTS.contains(parent.normalName());
    }

    /** An inline element is a label only when it is all the text of its parent. */
    private static boolean standsAlone(Element e, int letters, LetterCounts counts) {
        Element parent = e.parent();
        return parent == null || counts.letters(parent) <= letters + 2;
    }

    private static final Set<String> LEAF_BLOCKS = Set.of(
            "p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "figcaption", "blockquote", "dd", "dt", "div", "span");

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

    /** True when an earlier block, not an ancestor of this one, had the same text. */
    private static boolean isRepeat(Element e, String text, Map<String, Element> seen) {
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
    private static boolean isLeafBlock(Element e) {
        if (!LEAF_BLOCKS.contains(e.normalName())) return false;
        for (Element c : e.children()) if (BlockScorer.BLOCKS.contains(c.normalName())) return false;
        return true;
    }

    /**
     * Link boxes that point around the same site (related stories, section menus) are furniture; a list of links to
     * other sites (sources, products, further reading) belongs to the text. Counts, for every element holding links,
     * its links and the internal ones among them, resolving each link once.
     */
    private static Map<Element, int[]> linkCounts(Element root, String host) {
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
    private static String linkHost(String href, String pageHost) {
        String h = href.strip();
        if (h.startsWith("//")) return host("https:" + h);
        if (h.regionMatches(true, 0, "http://", 0, 7) || h.regionMatches(true, 0, "https://", 0, 8)) return host(h);
        return pageHost; // relative, or mailto: and the like, which count as the site's own links too
    }

    /** The site a link points to: its host without a leading {@code www.}, or null when it has none. */
    private static @Nullable String host(String url) {
        return dev.caravan.model.Urls.host(url)
                .map(h -> h.startsWith("www.") ? h.substring(4) : h)
                .orElse(null);
    }

    /** A list or block of links still counts as content when it carries real sentences. */
    private static boolean hasProse(Element e) {
        String own = e.text();
        int letters = TextStats.letters(own);
        return letters > 200 && TextStats.punctuation(own) * 40 > letters && TextStats.linkDensity(e) < 0.8;
    }
}
