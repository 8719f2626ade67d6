package dev.caravan.extract.clean;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jsoup.nodes.Element;

/**
 * Removes the lists whose links mostly lead to the same page in other languages ({@code hreflang}): a language menu
 * names languages, not the page's subject, wherever the page puts it.
 */
final class LanguageMenus implements CleaningRule {

    /** A list with at least this many links to the page in other languages is a language menu. */
    private static final int MENU_LINKS = 3;

    @Override
    public Take take(Visit v, Cleaning c) {
        Element e = v.element();
        return e != null && v.tag().equals("a") && e.hasAttr("hreflang") ? Take.YES : Take.NO;
    }

    @Override
    public void apply(Cleaning c) {
        List<Element> languageLinks = c.takenElements(this);
        if (languageLinks.size() < MENU_LINKS) return;
        Map<Element, Integer> perList = new IdentityHashMap<>();
        for (Element a : languageLinks) {
            Element list = a.closest("ul, ol");
            if (list != null) perList.merge(list, 1, Integer::sum);
        }
        for (Map.Entry<Element, Integer> entry : perList.entrySet()) {
            Element list = entry.getKey();
            int n = entry.getValue();
            if (n < MENU_LINKS || !c.isAttached(list)) continue;
            if (2 * n >= list.getElementsByTag("a").size()) list.remove();
        }
    }
}
