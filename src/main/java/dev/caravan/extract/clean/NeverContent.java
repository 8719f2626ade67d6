package dev.caravan.extract.clean;

import dev.caravan.extract.dom.WordLists;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/**
 * Removes what is never content, with everything inside it: scripts, styles, media, widgets, form controls, dialogs,
 * modal boxes and skip links. A button that opens a tab or accordion panel stays as its words, which name the panel.
 */
final class NeverContent implements CleaningRule {

    private static final Set<String> TAGS = WordLists.set("tag.never-content");
    private static final Set<String> ROLES = WordLists.set("role.never-content");

    @Override
    public Take take(Visit v, Cleaning c) {
        Element e = v.element();
        if (e == null) return Take.NO;
        boolean never = TAGS.contains(v.tag())
                || !v.role().isEmpty() && ROLES.contains(v.role())
                || e.attr("aria-modal").strip().equalsIgnoreCase("true")
                || v.tag().equals("a") && isSkipLink(e);
        return never ? Take.WHOLE : Take.NO;
    }

    @Override
    public void apply(Cleaning c) {
        for (Element e : c.takenElements(this)) {
            if (Panels.isTrigger(e)) e.unwrap(); // the title of a tab or accordion panel
            else e.remove();
        }
    }

    /**
     * A skip link ("Skip to content", "Skip navigation links", "Skip to product information") lets keyboard users jump
     * within the page; it is part of the page's frame wherever it stands, and what it names is not its text.
     */
    static boolean isSkipLink(Element a) {
        String href = a.attr("href");
        if (href.length() < 2 || href.charAt(0) != '#') return false;
        String text = a.text();
        return text.length() < SKIP_LINK_CHARS && SKIP.matcher(text).matches();
    }

    /** A skip link says where it skips to in a few words; a longer text starting with "skip" is a sentence. */
    private static final int SKIP_LINK_CHARS = 60;

    private static final Pattern SKIP = Pattern.compile("(?iu)skip\\b.*");
}
