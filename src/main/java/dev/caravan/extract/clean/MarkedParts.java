package dev.caravan.extract.clean;

import dev.caravan.extract.dom.LetterCounts;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.jsoup.nodes.Element;

/** Removal of the parts a rule tells by their class or id, short of half the region they are in. Stateless. */
final class MarkedParts {

    private MarkedParts() {}

    /**
     * Removes the elements of {@code region} (those with a class or id) that {@code marked} tells, never one holding
     * half of the region's letters.
     */
    static void remove(Element region, Predicate<Element> marked) {
        LetterCounts counts = new LetterCounts(region);
        int total = Math.max(1, counts.letters(region));
        List<Element> found = new ArrayList<>();
        for (Element e : region.getAllElements()) {
            if (e == region || !e.hasAttr("class") && !e.hasAttr("id")) continue;
            if (marked.test(e)) found.add(e);
        }
        for (Element e : found) {
            if (e.parent() != null && counts.letters(e) < total / 2) e.remove();
        }
    }
}
