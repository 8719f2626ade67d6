package dev.caravan.extract.clean;

import dev.caravan.extract.find.ThreadPosts;
import dev.caravan.model.PageType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.nodes.Element;

/**
 * On a forum thread, keeps every post's author line: reads each post's poster name (an element named or marked as
 * the author or user name) and date (its first {@code time} element) before the rules after it run, which take short
 * linked names and bare dates for labels, and puts back at the end of the list, as the first line of its post, each
 * line they took.
 */
final class AuthorLines implements CleaningRule {

    /** A post's author line as the page shows it, and the post it heads. */
    record AuthorLine(Element post, String name, String date) {}

    /** Longer than this, a "name" is a sentence that merely sits in an author's element. */
    static final int MAX_NAME_LENGTH = 40;

    @Override
    public void apply(Cleaning c) {
        if (c.type() != PageType.FORUM) return;
        List<AuthorLine> lines = read(c.root());
        c.atEnd(() -> restore(lines));
    }

    /** The author line of every post in {@code root}. */
    static List<AuthorLine> read(Element root) {
        Element container = ThreadPosts.container(root);
        if (container == null) return List.of();
        String kind = dominantKind(container);
        List<AuthorLine> lines = new ArrayList<>();
        for (Element post : container.children()) {
            if (!kind.equals(ThreadPosts.kind(post))) continue;
            String name = name(post);
            if (name == null) continue;
            Element time = post.selectFirst("time");
            String date = time == null ? "" : time.text().strip();
            lines.add(new AuthorLine(post, name, date));
        }
        return lines;
    }

    /** Puts back, as the first line of its post, each author line that was taken away with its name. */
    static void restore(List<AuthorLine> lines) {
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
            String k = ThreadPosts.kind(child);
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
}
