package dev.caravan.extract.clean;

import dev.caravan.extract.dom.TextStats;
import org.jsoup.nodes.Element;

/**
 * Removes the writer marked up as schema.org author with a biography (a portrait, a few sentences, links to the other
 * posts): a box about the writer, not part of the article. A bare byline name is too short to matter here.
 */
final class AuthorBoxes implements CleaningRule {

    /** An author element with this many letters holds more than a name: a biography. */
    private static final int BOX_LETTERS = 100;

    @Override
    public void apply(Cleaning c) {
        Element root = c.root();
        for (Element a : root.select("[itemprop=author]")) {
            if (a != root && a.parent() != null && TextStats.letters(a) >= BOX_LETTERS) a.remove();
        }
    }
}
