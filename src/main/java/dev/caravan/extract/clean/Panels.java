package dev.caravan.extract.clean;

import dev.caravan.extract.dom.Boilerplate;
import dev.caravan.extract.dom.WordLists;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * Tab and accordion panels and the buttons that open them. Pages show their details in tabs and accordions (a
 * product's specifications, a service's courses or plans, an FAQ's answers): a collapsed panel is content, merely not
 * opened yet. Stateless.
 */
final class Panels {

    private Panels() {}

    private static final Set<String> PANEL_WORDS = WordLists.set("class.panel");

    /** True when a (hidden) element is a tab or accordion panel, by role or by class. */
    static boolean isPanel(Element e) {
        String role = e.attr("role");
        if (role.equalsIgnoreCase("tabpanel") || role.equalsIgnoreCase("region")) return true;
        return Boilerplate.isNamed(e, PANEL_WORDS);
    }

    /**
     * True when a button opens a panel (it says which, or whether it is open): its words name the panel, as a
     * heading would.
     */
    static boolean isTrigger(Element e) {
        if (!e.normalName().equals("button")) return false;
        if (!e.hasAttr("aria-controls") && !e.hasAttr("aria-expanded")) return false;
        String role = e.attr("role");
        return !e.hasAttr("aria-haspopup") && (role.isEmpty() || role.equalsIgnoreCase("tab"));
    }
}
