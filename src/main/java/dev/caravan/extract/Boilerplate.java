package dev.caravan.extract;

import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/** Class, id and role patterns that mark page furniture or real content. Stateless and thread-safe. */
final class Boilerplate {

    private Boilerplate() {}

    /** Class/id tokens of furniture: navigation, sharing, ads, comments, related lists, cookie and sign-up prompts. */
    static final Pattern NEGATIVE = Pattern.compile(
            "(?:^|[-_\\s])(?:nav|navbar|navigation|menu|menus|breadcrumbs?|sidebar|side-?bar|sidenav|footer|"
                    + "masthead|cookies?|consent|gdpr|share|sharing|sharebar|social|socials|related|recommended|"
                    + "recommendations?|more-stories|newsletter|subscribe|subscription|signup|sign-up|promo|promos|"
                    + "advert|adverts|advertisement|ads|ad|adslot|ad-slot|dfp|sponsor|sponsored|outbrain|taboola|"
                    + "comment|comments|disqus|popup|modal|overlay|toolbar|pagination|pager|skip|"
                    + "trending|popular|most-read|mostread|paywall|print-only|sr-only|"
                    + "visually-hidden|screen-reader-text|tooltip|byline|dateline|author-bio|tags|tag-list|"
                    + "rating|share-tools|follow|login)(?:$|[-_\\s])",
            Pattern.CASE_INSENSITIVE);

    /** Furniture tokens that win over content tokens: "comment-body" is still a comment. */
    static final Pattern STRONG = Pattern.compile(
            "(?:^|[-_\\s])(?:comment|comments|commentlist|disqus|cookie|cookies|consent|outbrain|taboola|"
                    + "respond|reply|replies)(?:$|[-_\\s])",
            Pattern.CASE_INSENSITIVE);

    /** Class/id tokens of the article body itself. */
    static final Pattern POSITIVE = Pattern.compile(
            "(?:^|[-_\\s])(?:article|articlebody|article-body|article-content|body|content|entry|entry-content|"
                    + "main|post|post-body|post-content|story|story-body|text|prose|markdown|rich-text|blog|"
                    + "documentation|docs|page-content|thread|message|description)(?:$|[-_\\s])",
            Pattern.CASE_INSENSITIVE);

    /** The class and id of an element, joined for pattern matching. */
    static String signature(Element e) {
        String cls = e.className();
        String id = e.id();
        if (cls.isEmpty()) return id;
        if (id.isEmpty()) return cls;
        return cls + " " + id;
    }

    static boolean isNegative(Element e) {
        String sig = signature(e);
        if (sig.isEmpty() || sig.length() > 300) return false;
        return NEGATIVE.matcher(sig).find();
    }

    static boolean isStrongNegative(Element e) {
        if (e.normalName().equals("article") || e.normalName().equals("main")) return false;
        String sig = signature(e);
        if (sig.isEmpty() || sig.length() > 300) return false;
        return STRONG.matcher(sig).find();
    }

    static boolean isPositive(Element e) {
        String sig = signature(e);
        if (sig.isEmpty()) return false;
        return POSITIVE.matcher(sig).find() || e.hasAttr("itemprop") && e.attr("itemprop").contains("articleBody");
    }

    /** Weight added to a candidate block for its class and id. */
    static double classWeight(Element e) {
        double w = 0;
        if (isPositive(e)) w += 20;
        if (isNegative(e)) w -= 25;
        String tag = e.normalName();
        if (tag.equals("article") || tag.equals("main")) w += 10;
        String itemprop = e.attr("itemprop");
        if (itemprop.contains("articleBody") || itemprop.contains("text")) w += 30;
        return w;
    }
}
