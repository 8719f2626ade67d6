package dev.caravan.extract.clean;

import dev.caravan.model.PageType;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/**
 * On a forum thread, removes the counters beside the posts (votes, likes, post numbers): elements holding nothing but
 * a number, outside code, tables and numbered lists, where a bare number is data.
 */
final class Counters implements CleaningRule {

    /** Leaf elements whose whole text is a number: the count of votes, likes or replies, a post's number. */
    private static final Pattern COUNTER = Pattern.compile("[#+\\-\u2212]?\\d[\\d,.\\s]*[kKmM]?");

    /** A counter is short: "1,234", "+12", "3.4k". */
    private static final int MAX_CHARS = 12;

    @Override
    public void apply(Cleaning c) {
        if (c.type() == PageType.FORUM) remove(c.root());
    }

    static void remove(Element root) {
        List<Element> counters = new ArrayList<>();
        for (Element e : root.getAllElements()) {
            if (e == root || e.childrenSize() > 0) continue;
            String text = e.text().strip();
            if (text.isEmpty()
                    || text.length() > MAX_CHARS
                    || !COUNTER.matcher(text).matches()) continue;
            if (e.closest("pre, code, table, ol") != null) continue;
            counters.add(e);
        }
        for (Element e : counters) e.remove();
    }
}
