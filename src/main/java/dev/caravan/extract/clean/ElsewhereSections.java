package dev.caravan.extract.clean;

import dev.caravan.extract.dom.LetterCounts;
import dev.caravan.extract.dom.TextStats;
import dev.caravan.model.PageType;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/**
 * Removes the sections that lead elsewhere, with their heading: "More in Sport", "Related stories", "About the
 * author", a list of sources, a heading that only links to a writer's page; on a shop's pages also the boxes of other
 * products and the delivery and return terms. A heading takes what follows it up to the next heading; a label styled
 * as a heading takes the list or link box right after it. Needs {@link CountLetters} before it.
 */
final class ElsewhereSections implements CleaningRule {

    /** A heading or label longer than this is text, not the title of a box. */
    private static final int MAX_HEADING_LETTERS = 80;

    /** A label takes the block after it along when more than this share of that block is link text. */
    private static final double LINK_BOX_DENSITY = 0.4;

    /** A label shorter than this goes itself too; a longer one is a sentence that merely mentions elsewhere. */
    private static final int LABEL_CHARS = 60;

    /** A box of other products holds at least this many letters besides its heading. */
    private static final int PRODUCT_BOX_LETTERS = 20;

    /** Where sites keep the page of each writer: /author/jane-doe, /authors/jane, /contributors/jane. */
    private static final Pattern AUTHOR_PAGE = Pattern.compile("(?i)/(authors?|writers?|contributors?)/[^/?#]+");

    @Override
    public void apply(Cleaning c) {
        Element root = c.root();
        LetterCounts counts = c.counts();
        // other products are elsewhere on the shop's pages: product pages, and collections they are taken for
        boolean shop = c.type() == PageType.PRODUCT || c.type() == PageType.COLLECTION;
        for (Element h : root.select("h2, h3, h4, h5, h6, p, div, span, strong, b")) {
            if (h.parent() == null || counts.letters(h) > MAX_HEADING_LETTERS) continue;
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
                                || TextStats.linkDensity(next) > LINK_BOX_DENSITY)) next.remove();
                if (h.text().length() < LABEL_CHARS) h.remove();
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
}
