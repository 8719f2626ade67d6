package dev.caravan.extract.clean;

import dev.caravan.extract.dom.WordLists;
import dev.caravan.model.PageType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * Removes page furniture by tag or role (asides, headers, forms, menus, banners, live status messages) unless it
 * holds the bulk of the text. A {@code <header>} inside an article or section heads that piece (its title, a teaser's
 * summary), not the page, and stays, except on a thread (a post's header is the poster's card) and on a product page
 * (a strip of offers).
 */
final class FurnitureLandmarks implements CleaningRule {

    private static final Set<String> TAGS = WordLists.set("tag.furniture");
    private static final Set<String> ROLES = WordLists.set("role.furniture");

    @Override
    public Take take(Visit v, Cleaning c) {
        boolean sectionHeadersKept = c.type() != PageType.FORUM && c.type() != PageType.PRODUCT;
        Element e = v.element();
        boolean furniture = e != null
                && (TAGS.contains(v.tag()) && !(sectionHeadersKept && isSectionHeader(e, v.tag()))
                        || !v.role().isEmpty() && ROLES.contains(v.role()));
        return furniture ? Take.YES : Take.NO;
    }

    @Override
    public void apply(Cleaning c) {
        List<Element> attached = new ArrayList<>();
        for (Element e : c.takenElements(this)) if (c.isAttached(e)) attached.add(e);
        Furniture.removeUnlessBulk(attached, c, Furniture.SHARE);
    }

    /** HTML maps only a header outside sectioning content to the banner landmark. */
    private static boolean isSectionHeader(Element e, String tag) {
        if (!tag.equals("header")) return false;
        for (Element p = e.parent(); p != null; p = p.parent()) {
            String name = p.normalName();
            if (name.equals("article") || name.equals("section") || name.equals("main")) return true;
        }
        return false;
    }
}
