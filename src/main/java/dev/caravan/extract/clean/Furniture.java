package dev.caravan.extract.clean;

import dev.caravan.extract.clean.CleaningRule.Cleaning;
import java.util.List;
import org.jsoup.nodes.Element;

/** Removal of page furniture that yields to the bulk of the page: some sites misuse furniture tags and names. */
final class Furniture {

    private Furniture() {}

    /** Ordinary furniture (by tag, role, class or id) goes unless it holds more than this share of the page. */
    static final double SHARE = 0.4;

    /** Strong furniture (comments, cookie boxes) goes unless it holds more than this share of the page. */
    static final double STRONG_SHARE = 0.6;

    /** Ordinary furniture holding an article or main element with this many letters wraps the text itself. */
    private static final int WRAPPED_ARTICLE_LETTERS = 600;

    /** Quoted posts embedded in an article (their wrappers are often named "social"): content, not share bars. */
    private static final String EMBEDDED_POSTS =
            "blockquote.twitter-tweet, blockquote.instagram-media, blockquote.tiktok-embed, blockquote.reddit-embed-bq";

    /**
     * Removes each element unless it holds more than {@code share} of the page's letters ({@link Cleaning#counts()})
     * or contains the article's body; ordinary furniture (below {@link #STRONG_SHARE}) also stays when it holds an
     * embedded post or a sizeable article.
     */
    static void removeUnlessBulk(List<Element> elements, Cleaning c, double share) {
        boolean ordinary = share < STRONG_SHARE;
        for (Element e : elements) {
            if (e.parent() == null) continue; // already removed with an ancestor
            int letters = c.counts().letters(e);
            if (letters > c.total() * share) continue;
            if (!e.select("[itemprop=articleBody]").isEmpty()) continue;
            if (ordinary && e.selectFirst(EMBEDDED_POSTS) != null) continue;
            if (ordinary
                    && letters > WRAPPED_ARTICLE_LETTERS
                    && !e.select("article, main").isEmpty()) continue;
            e.remove();
        }
    }
}
