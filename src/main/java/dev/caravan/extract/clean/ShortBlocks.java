package dev.caravan.extract.clean;

import dev.caravan.extract.dom.LetterCounts;
import dev.caravan.extract.dom.TextStats;
import dev.caravan.extract.dom.WordLists;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;

/**
 * Judges each block inside the content once, in document order, and removes: empty elements; short blocks that are
 * labels, credits, bare URLs, datelines or prompts ({@link NoiseText}); share links (their words stay); links that are
 * buttons calling to buy or sign up; blocks that repeat an earlier one ({@link Repeats}); and boxes of links around
 * the same site ({@link LinkBoxes}). One walk for all of these, since what one removes changes what the next block is
 * judged against (a repeat of a block already gone stays). Needs {@link CountLetters} before it.
 */
final class ShortBlocks implements CleaningRule {

    /** Below this many letters a block may be a label, a credit, a button or a prompt; longer ones are text. */
    static final int SHORT_LETTERS = 200;

    /**
     * Above this link density the content itself is made of links (an index, a list of sources): its boxes of links
     * stay.
     */
    static final double LINKY_CONTENT = 0.35;

    /** Containers judged here, besides headings. */
    private static final Set<String> CONTAINERS = WordLists.set("tag.pruned-container");

    /** Inline and item tags judged here too. */
    private static final Set<String> INLINE_ITEMS = WordLists.set("tag.pruned-inline");

    /** Inline tags that are a word of their parent's text unless they are all of it. */
    private static final Set<String> WORDS = WordLists.set("tag.pruned-word");

    /** Where a lone link is a paragraph of its own, not an item of a list or a cell of a table. */
    private static final Set<String> BUTTON_PARENTS = WordLists.set("tag.button-parent");

    /** Links that share the page instead of pointing somewhere ("Click to tweet"). */
    private static final Pattern SHARE_LINK = Pattern.compile(
            "(?i)(twitter\\.com|x\\.com)/(share|intent)|facebook\\.com/sharer|linkedin\\.com/share|pinterest\\.com/pin/create"
                    + "|reddit\\.com/submit|wa\\.me/|whatsapp://|mailto:\\?|share\\.flipboard\\.com|mix\\.com/add"
                    + "|getpocket\\.com/(save|edit)|tumblr\\.com/(share|widgets/share)|t\\.me/share");

    /** An inline element holding at most this many letters besides its own is all of its parent's text. */
    private static final int ALONE_SLACK = 2;

    @Override
    public void apply(Cleaning c) {
        Element root = c.root();
        LetterCounts counts = c.counts();
        double rootDensity = counts.linkDensity(root);
        LinkBoxes linkBoxes = new LinkBoxes(root);
        Repeats repeats = new Repeats(c.type());
        List<Element> all = new ArrayList<>(root.getAllElements());
        Set<Element> code = Collections.newSetFromMap(new IdentityHashMap<>()); // highlighted code: spans matter
        for (Element pre : root.select("pre, code")) code.addAll(pre.getAllElements());
        for (Element e : all) {
            if (e == root || e.parent() == null) continue;
            String tag = e.normalName();
            if (!CONTAINERS.contains(tag) && !INLINE_ITEMS.contains(tag) && !TextStats.isHeading(tag, 1)) continue;
            if (code.contains(e)) continue;
            int letters = counts.letters(e);
            if (letters == 0) {
                // an empty inline element may be the only gap between two words: leave a space behind
                if (WORDS.contains(tag) && !e.wholeText().isEmpty()) e.replaceWith(new TextNode(" "));
                else if (e.select("img, br, hr").isEmpty()) e.remove();
                continue;
            }
            String leafText = Repeats.isLeafBlock(e) ? e.text().strip() : null;
            boolean goesIfRepeated = repeats.goesIfRepeated(e, leafText, letters);
            if (letters < SHORT_LETTERS) {
                String text = leafText != null ? leafText : e.text().strip();
                boolean isLink = tag.equals("a");
                if (isLink && isShareLink(e.attr("href"))) {
                    e.unwrap(); // "click to tweet" quotes: keep the words, drop the share link
                    continue;
                }
                if (WORDS.contains(tag) && !standsAlone(e, letters, counts)) continue; // a word inside running text
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
                        || goesIfRepeated && repeats.isRepeat(e, text)) {
                    e.remove();
                    continue;
                }
            }
            if (letters >= SHORT_LETTERS && goesIfRepeated && repeats.isRepeat(e, leafText)) {
                e.remove();
                continue;
            }
            if (!CONTAINERS.contains(tag) || rootDensity > LINKY_CONTENT) continue;
            if (linkBoxes.isInternalLinkBox(e, letters, counts, c.total())) e.remove();
        }
    }

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

    /** A link alone in its paragraph or box (the caller has checked that it is all its parent's text). */
    private static boolean isButton(Element a) {
        Element parent = a.parent();
        return parent != null && BUTTON_PARENTS.contains(parent.normalName());
    }

    /** An inline element is a label only when it is all the text of its parent. */
    private static boolean standsAlone(Element e, int letters, LetterCounts counts) {
        Element parent = e.parent();
        return parent == null || counts.letters(parent) <= letters + ALONE_SLACK;
    }
}
