package dev.caravan.extract;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/** Cleans inside the chosen content: link lists, stray labels, the headline that repeats the title. Stateless. */
final class ContentPruner {

    /** Whole-element texts that are labels of furniture, never content. */
    private static final Pattern LABEL = Pattern.compile(
            "(?i)(advertisement|advertisment|ad|ads|sponsored( content)?|skip to (main )?content|story continues below.*|"
                    + "continue reading.*|read more|share( this( article| story| post)?)?( on \\w+)?|"
                    + "related( articles| stories| posts| content)?:?|recommended( for you)?|"
                    + "click here to subscribe.*|sign up for .* newsletter.*|follow us.*|print|email|tweet|"
                    + "(\\d+ )?comments?|copy link|link copied|image|photo|video|loading\\.*|caption|close|"
                    + "(image|photo|slide) \\d+ (of|/) \\d+|you have been successfully subscribed.*)");

    /** Picture credits: "Photo: Jane Doe, AP", "(Image credit: NASA)", "Image copyright Reuters". */
    private static final Pattern CREDIT = Pattern.compile(
            "(?i)\\(?(photo|image|picture|photograph|foto|credit|image credit|photo credit|source)s?( copyright)?\\s*[:©].*"
                    + "|image copyright .*|\\(?(getty images|reuters|ap photo|afp)[^.]*\\)?");

    private static final Pattern BARE_URL = Pattern.compile("(?i)https?://\\S+");

    private static final Pattern CONTAINERS = Pattern.compile("div|section|ul|ol|dl|table|article|span|p");

    void prune(Element root, String title) {
        double rootDensity = TextStats.linkDensity(root);
        int rootLetters = Math.max(1, TextStats.letters(root));
        removeTitleHeading(root, title);
        List<Element> all = new ArrayList<>(root.getAllElements());
        for (Element e : all) {
            if (e == root || e.parent() == null) continue;
            String tag = e.normalName();
            if (!CONTAINERS.matcher(tag).matches() && !tag.matches("h[1-6]|li|a|strong|em|b")) continue;
            int letters = TextStats.letters(e);
            if (letters == 0) {
                if (!tag.equals("td") && !tag.equals("th") && e.select("img, br, hr").isEmpty()) e.remove();
                continue;
            }
            if (letters < 120) {
                String text = e.text().strip();
                if (letters < 60 && LABEL.matcher(text).matches() || CREDIT.matcher(text).matches()
                        || BARE_URL.matcher(text).matches() && !tag.equals("a")) {
                    e.remove();
                    continue;
                }
            }
            if (!CONTAINERS.matcher(tag).matches() || rootDensity > 0.35) continue;
            double ld = TextStats.linkDensity(e);
            if (ld > 0.6 && letters < rootLetters * 0.35 && !hasProse(e)) e.remove();
        }
        OrphanHeadings.remove(root);
    }

    /** A list or block of links still counts as content when it carries real sentences. */
    private static boolean hasProse(Element e) {
        String own = e.text();
        int letters = TextStats.letters(own);
        return letters > 200 && TextStats.punctuation(own) * 40 > letters && TextStats.linkDensity(e) < 0.8;
    }

    private static void removeTitleHeading(Element root, String title) {
        if (title == null) return;
        String t = norm(title);
        for (Element h : root.select("h1, h2")) {
            String ht = norm(h.text());
            if (ht.length() >= 8 && (t.contains(ht) || ht.contains(t))) {
                h.remove();
                return;
            }
        }
        Element h1 = root.selectFirst("h1");
        if (h1 != null && root.select("h1").size() == 1 && root.children().indexOf(h1) <= 1) h1.remove();
    }

    private static String norm(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }
}
