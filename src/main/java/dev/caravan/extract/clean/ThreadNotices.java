package dev.caravan.extract.clean;

import dev.caravan.extract.dom.Boilerplate;
import dev.caravan.extract.dom.WordLists;
import dev.caravan.model.PageType;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * On a forum thread, removes the notices and menus around the posts (log in to answer, the topic is locked, guest
 * prompts, jump-to menus) and what the page's stylesheet hides (class {@code hidden}: a menu or a form waiting for a
 * click); never an element holding half of the content.
 */
final class ThreadNotices implements CleaningRule {

    private static final Set<String> WORDS = WordLists.set("class.around-posts");

    @Override
    public void apply(Cleaning c) {
        if (c.type() == PageType.FORUM) remove(c.root());
    }

    static void remove(Element root) {
        MarkedParts.remove(
                root, e -> Boilerplate.isNamed(e, WORDS) || e.classNames().contains("hidden"));
    }
}
