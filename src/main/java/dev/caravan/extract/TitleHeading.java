package dev.caravan.extract;

import java.util.Locale;
import org.jsoup.nodes.Element;

/** Removes the headline that repeats the page title: the title is kept in the metadata, not in the body. */
final class TitleHeading {

    private TitleHeading() {}

    static void remove(Element root, String title) {
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
        if (h1 != null && root.select("h1").size() == 1 && root.children().indexOf(h1) <= 1) {
            h1.remove();
            return;
        }
        // a headline styled as a paragraph, among the first few blocks
        int seen = 0;
        for (Element e : root.select("p, div, span, strong")) {
            if (e.text().isBlank()) continue;
            if (++seen > 4) break;
            String et = norm(e.text());
            if (et.length() >= 15 && t.contains(et) && et.length() * 10 >= t.length() * 6) {
                e.remove();
                return;
            }
        }
    }

    private static String norm(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }
}
