package dev.caravan.extract.clean;

import dev.caravan.extract.dom.WordLists;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * Removes navigation and footers by tag or role, even large ones (legal footnotes), unless they wrap the article
 * itself.
 */
final class Navigation implements CleaningRule {

    private static final Set<String> TAGS = WordLists.set("tag.navigation");
    private static final Set<String> ROLES = WordLists.set("role.navigation");

    @Override
    public Take take(Visit v, Cleaning c) {
        boolean navigation = TAGS.contains(v.tag()) || !v.role().isEmpty() && ROLES.contains(v.role());
        return navigation ? Take.YES : Take.NO;
    }

    @Override
    public void apply(Cleaning c) {
        for (Element e : c.takenElements(this)) {
            if (c.isAttached(e) && e.selectFirst("article, main, h1, [itemprop=articleBody]") == null) e.remove();
        }
    }
}
