package dev.caravan.extract.clean;

import dev.caravan.extract.dom.Boilerplate;
import dev.caravan.extract.dom.WordLists;
import dev.caravan.model.PageType;
import java.util.Set;

/**
 * On a product page, and on a shop's collection page (which product pages are often taken for), removes what sits
 * beside the product: customer reviews and ratings, testimonials, other products.
 */
final class BesideProduct implements CleaningRule {

    private static final Set<String> WORDS = WordLists.set("class.beside-product");

    @Override
    public void apply(Cleaning c) {
        if (c.type() != PageType.PRODUCT && c.type() != PageType.COLLECTION) return;
        MarkedParts.remove(c.root(), e -> Boilerplate.isNamed(e, WORDS));
    }
}
