package dev.caravan.extract.clean;

import dev.caravan.extract.dom.Boilerplate;
import dev.caravan.extract.dom.WordLists;
import dev.caravan.model.PageType;
import java.util.Set;

/**
 * On a forum thread, removes what sits beside each post: the poster's title, rank, reputation, badges and post
 * count, vote buttons, signatures.
 */
final class BesidePosts implements CleaningRule {

    private static final Set<String> WORDS = WordLists.set("class.beside-post");

    @Override
    public void apply(Cleaning c) {
        if (c.type() != PageType.FORUM) return;
        MarkedParts.remove(c.root(), e -> Boilerplate.isNamed(e, WORDS));
    }
}
