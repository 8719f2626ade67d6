package dev.caravan.extract.find;

import dev.caravan.extract.dom.LetterCounts;
import dev.caravan.extract.dom.TextStats;
import java.util.HashMap;
import java.util.Map;
import org.jsoup.nodes.Element;

/**
 * Finds the posts of a forum thread by their structure: a thread shows its posts as siblings of one kind (same tag,
 * same leading class), one after the other in one container. Prose scoring alone keeps the long opening post and
 * loses the short replies; the container of the posts keeps them all, in order, each with its author line.
 * Stateless.
 */
public final class ThreadPosts {

    private ThreadPosts() {}

    /** A thread has an opening post and replies: fewer siblings of one kind are a pair of panels, not a thread. */
    static final int MIN_POSTS = 3;

    /** The posts hold most of what the cleaned page says; a smaller group is a sidebar list or a row of cards. */
    static final double MIN_SHARE = 0.4;

    /** Posts are prose: a group whose text is mostly link text is a list of topics or a menu. */
    static final double MAX_LINK_DENSITY = 0.35;

    /**
     * The element whose children include the thread's posts, or {@code null} when no group of like siblings holds at
     * least {@link #MIN_SHARE} of the page's letters.
     */
    public static Element container(Element body) {
        LetterCounts counts = new LetterCounts(body);
        int total = counts.letters(body);
        if (total == 0) return null;
        Element best = null;
        int bestLetters = 0;
        for (Element parent : body.getAllElements()) {
            if (parent.childrenSize() < MIN_POSTS || counts.letters(parent) < MIN_SHARE * total) continue;
            Map<String, Group> groups = new HashMap<>();
            for (Element child : parent.children()) {
                String kind = kind(child);
                if (kind == null) continue;
                int letters = counts.letters(child);
                if (letters == 0) continue;
                Group g = groups.computeIfAbsent(kind, k -> new Group());
                g.posts++;
                g.letters += letters;
            }
            for (Group g : groups.values()) {
                if (g.posts >= MIN_POSTS && g.letters > bestLetters) {
                    bestLetters = g.letters;
                    best = parent;
                }
            }
        }
        if (best == null || bestLetters < MIN_SHARE * total) return null;
        if (TextStats.linkDensity(best) > MAX_LINK_DENSITY) return null;
        return best;
    }

    /** Siblings of one kind under one parent: how many hold text, and their letters. */
    private static final class Group {
        int posts;
        int letters;
    }

    /**
     * The kind of a post-like element: its tag and first class, or its tag and the non-digit start of its id
     * ({@code post-123}); {@code null} for plain paragraphs and anonymous wrappers, which every text has in a row.
     */
    public static String kind(Element e) {
        String tag = e.normalName();
        if (tag.equals("p") || tag.equals("br") || tag.equals("li") || tag.equals("tr")) return null;
        String cls = e.className().strip();
        if (!cls.isEmpty()) {
            int space = cls.indexOf(' ');
            return tag + "." + (space < 0 ? cls : cls.substring(0, space));
        }
        String id = e.id();
        int end = 0;
        while (end < id.length() && !Character.isDigit(id.charAt(end))) end++;
        if (end == 0 || end == id.length()) return null; // no id, or an id without a number
        return tag + "#" + id.substring(0, end);
    }
}
