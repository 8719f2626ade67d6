package dev.caravan.extract;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.Elements;

/**
 * Finds the posts of a forum thread by their structure: a thread shows its posts as siblings of one kind (same tag,
 * same leading class), one after the other in one container. Prose scoring alone keeps the long opening post and
 * loses the short replies; the container of the posts keeps them all, in order, each with its author line.
 * Stateless.
 */
final class ThreadPosts {

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
    static Element container(Element body) {
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
    static String kind(Element e) {
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

    /** Text runs shorter than this say too little to tell a quote from a coincidence ("Thanks!"). */
    static final int MIN_QUOTED_RUN = 25;

    /**
     * Drops the quotes of posts that the thread shows anyway: a reply quoting an earlier post repeats its text, which
     * then counts twice. A quote is dropped when most of its text runs occur elsewhere in {@code root} too; quotes of
     * posts not on the page stay, as they are the only copy.
     */
    static void dropRepeatedQuotes(Element root) {
        Elements quotes = root.select("blockquote");
        if (quotes.isEmpty()) return;
        String all = root.text();
        for (Element quote : quotes) {
            if (quote.parent() == null) continue;
            int runs = 0, repeated = 0;
            for (Element e : quote.getAllElements()) {
                for (TextNode t : e.textNodes()) {
                    String run = t.text().strip();
                    if (run.length() < MIN_QUOTED_RUN) continue;
                    runs += run.length();
                    int first = all.indexOf(run);
                    if (first >= 0 && all.indexOf(run, first + 1) >= 0) repeated += run.length();
                }
            }
            if (runs > 0 && repeated >= 0.6 * runs) {
                quote.remove();
                all = root.text(); // a post quoted twice but not shown keeps its last copy
            }
        }
    }

    /** A post's author line as the page shows it, and the post it heads. */
    record AuthorLine(Element post, String name, String date) {}

    /** Longer than this, a "name" is a sentence that merely sits in an author's element. */
    static final int MAX_NAME_LENGTH = 40;

    /**
     * The author line of every post in {@code root}: the poster's name (an element named or marked as the author or
     * user name) and the post's date (its first {@code time} element). Read before pruning, which takes short linked
     * names and bare dates for labels; {@link #restoreAuthorLines} puts back the ones it took.
     */
    static List<AuthorLine> authorLines(Element root) {
        Element container = container(root);
        if (container == null) return List.of();
        String kind = dominantKind(container);
        List<AuthorLine> lines = new ArrayList<>();
        for (Element post : container.children()) {
            if (!kind.equals(kind(post))) continue;
            String name = name(post);
            if (name == null) continue;
            Element time = post.selectFirst("time");
            String date = time == null ? "" : time.text().strip();
            lines.add(new AuthorLine(post, name, date));
        }
        return lines;
    }

    /** Puts back, as the first line of its post, each author line that pruning took away with its name. */
    static void restoreAuthorLines(List<AuthorLine> lines) {
        for (AuthorLine line : lines) {
            Element post = line.post();
            if (post.parent() == null || post.text().contains(line.name())) continue;
            // the name and the date with a separator: a name of one word and a date alone would read as a dateline
            String text = line.date().isEmpty() ? line.name() : line.name() + " · " + line.date();
            post.prependElement("p").text(text);
        }
    }

    private static String dominantKind(Element container) {
        Map<String, Integer> n = new HashMap<>();
        String best = "";
        int most = 0;
        for (Element child : container.children()) {
            String k = kind(child);
            if (k == null) continue;
            int c = n.merge(k, 1, Integer::sum);
            if (c > most) {
                most = c;
                best = k;
            }
        }
        return best;
    }

    /** The poster's name: the first short text marked as the author, or named a user name or author. */
    private static String name(Element post) {
        for (Element e : post.getAllElements()) {
            if (e == post) continue;
            String prop = e.attr("itemprop");
            String cls = e.className().toLowerCase(Locale.ROOT);
            boolean marked = prop.equals("author")
                    || prop.equals("name") && e.closest("[itemprop=author], [itemtype*=schema.org/Person]") != null
                    || cls.contains("username")
                    || cls.contains("user-name")
                    || cls.contains("author-name")
                    || cls.contains("message-name")
                    || cls.contains("poster-name");
            if (!marked) continue;
            String text = e.text().strip();
            if (!text.isEmpty() && text.length() <= MAX_NAME_LENGTH) return text;
        }
        return null;
    }

    /** Leaf elements whose whole text is a number: the count of votes, likes or replies, a post's number. */
    private static final Pattern COUNTER = Pattern.compile("[#+\\-\u2212]?\\d[\\d,.\\s]*[kKmM]?");

    /**
     * Drops the counters beside the posts of a thread (votes, likes, post numbers): elements holding nothing but a
     * number, outside code and tables, where a bare number is data.
     */
    static void dropCounters(Element root) {
        List<Element> counters = new ArrayList<>();
        for (Element e : root.getAllElements()) {
            if (e == root || e.childrenSize() > 0) continue;
            String text = e.text().strip();
            if (text.isEmpty() || text.length() > 12 || !COUNTER.matcher(text).matches()) continue;
            if (e.closest("pre, code, table, ol") != null) continue;
            counters.add(e);
        }
        for (Element e : counters) e.remove();
    }

    /**
     * Class and id words of what a thread shows around its posts rather than in them: notices to log in, to answer or
     * to register, the topic's locked state, alert boxes (guest prompts) and drop-down menus (jump to a forum, sort
     * the replies).
     */
    static final Set<String> AROUND_POSTS = Set.of("notice", "notices", "locked", "dropdown", "alert");

    /**
     * Drops the notices and menus around the posts of a thread, and what the page's stylesheet hides (class {@code
     * hidden}: a menu or a form waiting for a click); never an element holding half of {@code root}.
     */
    static void dropNotices(Element root) {
        StructuredContent.dropMarked(
                root,
                e -> Boilerplate.isNamed(e, AROUND_POSTS) || e.classNames().contains("hidden"));
    }
}
