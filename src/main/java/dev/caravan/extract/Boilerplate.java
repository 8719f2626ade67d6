package dev.caravan.extract;

import dev.caravan.model.PageType;
import java.util.Locale;
import java.util.Set;
import org.jsoup.nodes.Element;

/** Class, id and role patterns that mark page furniture or real content. Stateless and thread-safe. */
final class Boilerplate {

    private Boilerplate() {}

    /**
     * Class/id words of furniture: navigation, sharing, ads, comments, related lists, cookie and sign-up prompts. A
     * word matches whole parts of a class or id split at {@code -}, {@code _} and spaces ("main-nav", "ad_slot").
     */
    static final Set<String> NEGATIVE =
            words("nav navbar navigation menu menus breadcrumb breadcrumbs sidebar side-bar "
                    + "sidenav side-nav footer masthead cookie cookies consent gdpr share sharing sharebar social socials related "
                    + "recommended recommendation recommendations more-stories newsletter subscribe subscription signup sign-up "
                    + "promo promos advert adverts advertisement ads ad adslot ad-slot dfp sponsor sponsored outbrain taboola "
                    + "comment comments disqus popup modal overlay toolbar pagination pager skip-link skip-links skiplink skip-to skip-to-content skip-nav trending popular most-read "
                    + "mostread paywall print-only sr-only visually-hidden screen-reader-text tooltip byline dateline author-bio "
                    + "tags tag-list rating share-tools follow login "
                    // the writer's box after an article: name, portrait, biography, links to other posts
                    + "author-box authorbox authorbio author-description "
                    + "authordescription author-details author-card author-profile about-author about-the-author "
                    + "authorcontainer author-container author-wrap author-wrapper");

    /** Furniture words that win over content words: "comment-body" is still a comment. */
    static final Set<String> STRONG = words(
            "comment comments commentlist disqus cookie cookies consent outbrain taboola " + "respond reply replies");

    /** Strong words also found at a camelCase hump. */
    static final Set<String> STRONG_HUMPED =
            words("comments commentlist disqus cookie cookies consent outbrain taboola");

    /**
     * On a forum thread the posts themselves are often named "comment" or "reply": there those words mark no
     * furniture, and the lists of them ("comments", "replies") only ordinary furniture that yields to the bulk of the
     * page, since on some forums such a list holds the whole thread.
     */
    static final Set<String> NEGATIVE_IN_THREAD = without(NEGATIVE, words("comment respond reply"));

    static final Set<String> STRONG_IN_THREAD =
            without(STRONG, words("comment comments commentlist respond reply replies"));

    /**
     * On a service page, promotions, pop-ups, tooltips and tabbed menus present the services themselves (the offers,
     * the details behind a button): there those words mark no furniture. Nor does "follow", which there names
     * follow-ups (client testimonials, case notes) more often than "follow us" buttons, which "social" still catches.
     */
    static final Set<String> NEGATIVE_ON_SERVICE =
            without(NEGATIVE, words("promo promos popup modal overlay tooltip menu menus follow"));

    /** In a grid of items each card's star rating is part of what the card says about its item. */
    static final Set<String> NEGATIVE_IN_GRID = without(NEGATIVE, words("rating"));

    private static Set<String> without(Set<String> all, Set<String> some) {
        Set<String> rest = new java.util.HashSet<>(all);
        rest.removeAll(some);
        return Set.copyOf(rest);
    }

    /** Class/id words of the article body itself. */
    static final Set<String> POSITIVE = words("article articlebody article-body article-content body content entry "
            + "entry-content main post post-body post-content story story-body text prose markdown rich-text blog "
            + "documentation docs page-content thread message description");

    private static Set<String> words(String list) {
        return Set.of(list.split(" "));
    }

    /**
     * True when a run of one to three parts of {@code sig} (split at {@code -}, {@code _} and white space, lower-cased,
     * joined with {@code -}) is one of {@code words}. No regular expression: this runs for every element of a page.
     */
    static boolean hasWord(String sig, Set<String> words) {
        return hasWord(sig, words, false);
    }

    /** As {@link #hasWord(String, Set)}; with {@code humps} a camelCase hump also starts a part. */
    static boolean hasWord(String sig, Set<String> words, boolean humps) {
        String lower = sig.toLowerCase(Locale.ROOT);
        if (lower.length() != sig.length()) lower = lowerCharByChar(sig); // a few letters lower-case to two chars
        int n = sig.length();
        int[] starts = new int[4];
        int[] ends = new int[4];
        int parts = 0;
        StringBuilder joined = new StringBuilder(32);
        int i = 0;
        while (i < n) {
            while (i < n && isSeparator(sig.charAt(i))) i++;
            if (i >= n) break;
            int b = i;
            while (i < n && !isSeparator(sig.charAt(i)) && !(humps && i > b && isHump(sig, i))) i++;
            // keep the last three parts in a ring and try every run that ends with this part
            System.arraycopy(starts, 1, starts, 0, 3);
            System.arraycopy(ends, 1, ends, 0, 3);
            starts[3] = b;
            ends[3] = i;
            parts = Math.min(parts + 1, 3);
            for (int k = 1; k <= parts; k++) {
                joined.setLength(0);
                for (int j = 4 - k; j < 4; j++) {
                    if (joined.length() > 0) joined.append('-');
                    joined.append(lower, starts[j], ends[j]);
                }
                if (joined.length() <= 24 && words.contains(joined.toString())) return true;
            }
        }
        return false;
    }

    private static String lowerCharByChar(String s) {
        char[] out = new char[s.length()];
        for (int i = 0; i < out.length; i++) out[i] = Character.toLowerCase(s.charAt(i));
        return new String(out);
    }

    /** A camelCase hump at {@code i}: an upper-case ASCII letter after a lower-case one ("docComments"). */
    private static boolean isHump(String sig, int i) {
        char c = sig.charAt(i);
        char before = sig.charAt(i - 1);
        return c >= 'A' && c <= 'Z' && before >= 'a' && before <= 'z';
    }

    private static boolean isSeparator(char c) {
        return c == '-' || c == '_' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }

    /** The class and id of an element, joined for pattern matching. */
    static String signature(Element e) {
        String cls = e.className();
        String id = e.id();
        if (spellsHeading(e, id)) id = ""; // an anchor for a topic, which names no part of the page
        if (cls.isEmpty()) return id;
        if (id.isEmpty()) return cls;
        return cls + " " + id;
    }

    /** Words a heading needs before an id spelling it out is surely its anchor: furniture headings are short. */
    private static final int ANCHOR_WORDS = 5;

    /**
     * True when {@code id} spells out the text of a long heading ({@code e} itself or the heading that leads it):
     * documentation and CMS tools derive section and heading ids from the heading ("receive-and-reply-to-an-inbound-
     * message"), so its words say what the section is about, not what part of the page it is. Short headings are
     * left out: "Leave a reply" or "Related posts" over a furniture box spell its role.
     */
    static boolean spellsHeading(Element e, String id) {
        int parts = 0;
        for (int i = 0; i < id.length(); i++) {
            if (!isSeparator(id.charAt(i)) && (i == 0 || isSeparator(id.charAt(i - 1)))) parts++;
        }
        if (parts < ANCHOR_WORDS) return false; // cheap test first: this runs for every element with an id
        // the heading is the element itself or leads it: look down the first children only, never the whole subtree
        Element heading = e;
        for (int depth = 0; heading != null && depth <= 4; depth++, heading = heading.firstElementChild()) {
            if (TextStats.isHeading(heading.normalName(), 1)) break;
        }
        if (heading == null || !TextStats.isHeading(heading.normalName(), 1)) return false;
        String text = heading.text();
        StringBuilder letters = new StringBuilder(text.length());
        int words = 0;
        boolean inWord = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean alnum = Character.isLetterOrDigit(c);
            if (alnum) letters.append(Character.toLowerCase(c));
            if (alnum && !inWord) words++;
            inWord = alnum || c == '\'' || c == '\u2019'; // "what's" is one word in a slug
        }
        if (words < ANCHOR_WORDS) return false;
        StringBuilder idLetters = new StringBuilder(id.length());
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (Character.isLetterOrDigit(c)) idLetters.append(Character.toLowerCase(c));
        }
        return idLetters.indexOf(letters.toString()) >= 0;
    }

    /**
     * True when the class or id of {@code e} names one of {@code words}. A signature over 300 characters is generated
     * markup (utility classes by the dozen) and names nothing.
     */
    static boolean isNamed(Element e, Set<String> words) {
        String sig = signature(e);
        return !sig.isEmpty() && sig.length() <= 300 && hasWord(sig, words);
    }

    static boolean isNegative(Element e) {
        return isNegative(e, PageType.ARTICLE);
    }

    /** Furniture by class and id on a page of {@code type}: forum posts are often named comments, for one. */
    static boolean isNegative(Element e, PageType type) {
        Set<String> words = switch (type) {
            case FORUM -> NEGATIVE_IN_THREAD;
            case SERVICE -> NEGATIVE_ON_SERVICE;
            case COLLECTION, LISTING -> NEGATIVE_IN_GRID;
            default -> NEGATIVE;
        };
        return isNamed(e, words);
    }

    static boolean isStrongNegative(Element e, PageType type) {
        if (e.normalName().equals("article") || e.normalName().equals("main")) return false;
        if (isNamed(e, type == PageType.FORUM ? STRONG_IN_THREAD : STRONG)) return true;
        // a camelCase hump also starts a word of a comment or consent box: "docComments" is one as "doc-comments"
        // is (not a reply counter such as "numReplies", though: replies name parts of threads)
        if (type == PageType.FORUM) return false;
        String sig = signature(e);
        return sig.length() <= 300 && hasHump(sig) && hasWord(sig, STRONG_HUMPED, true);
    }

    /** True when {@code sig} has a camelCase hump at all: most class names are lower case and skip the word search. */
    private static boolean hasHump(String sig) {
        for (int i = 1; i < sig.length(); i++) if (isHump(sig, i)) return true;
        return false;
    }

    static boolean isPositive(Element e) {
        String sig = signature(e);
        if (sig.isEmpty()) return false;
        return hasWord(sig, POSITIVE)
                || e.hasAttr("itemprop") && e.attr("itemprop").contains("articleBody");
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
