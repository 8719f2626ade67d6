package dev.caravan.extract.clean;

import dev.caravan.model.PageType;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.Elements;

/**
 * On a forum thread, removes the quotes of posts that the thread shows anyway: a reply quoting an earlier post repeats
 * its text, which then counts twice. A quote goes when most of its text runs occur elsewhere in the content too;
 * quotes of posts not on the page stay, as they are the only copy.
 */
final class RepeatedQuotes implements CleaningRule {

    /** Text runs shorter than this say too little to tell a quote from a coincidence ("Thanks!"). */
    static final int MIN_QUOTED_RUN = 25;

    /** A quote goes when at least this share of its text runs (by length) also occur elsewhere. */
    private static final double REPEATED_SHARE = 0.6;

    @Override
    public void apply(Cleaning c) {
        if (c.type() == PageType.FORUM) remove(c.root());
    }

    static void remove(Element root) {
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
            if (runs > 0 && repeated >= REPEATED_SHARE * runs) {
                quote.remove();
                all = root.text(); // a post quoted twice but not shown keeps its last copy
            }
        }
    }
}
