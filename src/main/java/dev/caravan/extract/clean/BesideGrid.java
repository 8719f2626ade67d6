package dev.caravan.extract.clean;

import dev.caravan.extract.dom.Boilerplate;
import dev.caravan.extract.dom.TextStats;
import dev.caravan.extract.dom.WordLists;
import dev.caravan.model.PageType;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * On a collection or listing page, removes the controls around the grid of items (facets, filters, the sort menu, the
 * count of results, each card's buttons) and the links that are buttons leading nowhere: a card's "Add to Compare"
 * runs a script on the grid and names nothing about the item.
 */
final class BesideGrid implements CleaningRule {

    private static final Set<String> WORDS = WordLists.set("class.beside-grid");

    @Override
    public void apply(Cleaning c) {
        if (c.type() != PageType.COLLECTION && c.type() != PageType.LISTING) return;
        // a heading's id is often its own words made a slug ("bloom-filter"): that names a topic, not a control
        MarkedParts.remove(c.root(), e -> !TextStats.isHeading(e.normalName(), 1) && Boilerplate.isNamed(e, WORDS));
        for (Element a : c.root().select("a[role=button]")) {
            String href = a.attr("href").trim();
            if (href.isEmpty() || href.equals("#") || href.regionMatches(true, 0, "javascript:", 0, 11)) a.remove();
        }
    }
}
