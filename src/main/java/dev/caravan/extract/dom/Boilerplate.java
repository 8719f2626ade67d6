package dev.caravan.extract.dom;

import dev.caravan.model.PageType;
import java.util.Locale;
import java.util.Set;
import org.jsoup.nodes.Element;

/**
 * Whether an element's class or id names page furniture or real content: the words (lists {@code class.*} in
 * {@code word-lists.properties}) and how a class or id is matched against them. Stateless and thread-safe.
 */
public final class Boilerplate {

    private Boilerplate() {}

    /** Class and id words of page furniture: navigation, sharing, ads, comments, related lists, prompts. */
    static final Set<String> NEGATIVE = WordLists.set("class.furniture");

    /** Furniture words that win over content words: "comment-body" is still a comment. */
    static final Set<String> STRONG = WordLists.set("class.furniture.strong");

    /** Strong words also found at a camelCase hump. */
    static final Set<String> STRONG_HUMPED = WordLists.set("class.furniture.strong.humped");

    /** Furniture words on a forum thread, whose posts are often named "comment" or "reply". */
    static final Set<String> NEGATIVE_IN_THREAD = without(NEGATIVE, "class.furniture.not-on-forum");

    static final Set<String> STRONG_IN_THREAD = without(STRONG, "class.furniture.strong.not-on-forum");

    /** Furniture words on a service page, where promotions, pop-ups and tooltips present the services. */
    static final Set<String> NEGATIVE_ON_SERVICE = without(NEGATIVE, "class.furniture.not-on-service");

    /** Furniture words in a grid of items, where each card's star rating belongs to its item. */
    static final Set<String> NEGATIVE_IN_GRID = without(NEGATIVE, "class.furniture.not-in-grid");

    /** Class and id words of the article body itself. */
    static final Set<String> POSITIVE = WordLists.set("class.content");

    private static Set<String> without(Set<String> all, String exceptions) {
        Set<String> rest = new java.util.HashSet<>(all);
        rest.removeAll(WordLists.set(exceptions));
        return Set.copyOf(rest);
    }

    /**
     * True when a run of one to three parts of {@code sig} (split at {@code -}, {@code _} and white space, lower-cased,
     * joined with {@code -}) is one of {@code words}. No regular expression: this runs for every element of a page.
     */
    public static boolean hasWord(String sig, Set<String> words) {
        return hasWord(sig, words, false);
    }

    /** As {@link #hasWord(String, Set)}; with {@code humps} a camelCase hump also starts a part. */
    public static boolean hasWord(String sig, Set<String> words, boolean humps) {
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
    public static String signature(Element e) {
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
    public static boolean spellsHeading(Element e, String id) {
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
    public static boolean isNamed(Element e, Set<String> words) {
        String sig = signature(e);
        return !sig.isEmpty() && sig.length() <= 300 && hasWord(sig, words);
    }

    public static boolean isNegative(Element e) {
        return isNegative(e, PageType.ARTICLE);
    }

    /** Furniture by class and id on a page of {@code type}: forum posts are often named comments, for one. */
    public static boolean isNegative(Element e, PageType type) {
        Set<String> words = switch (type) {
            case FORUM -> NEGATIVE_IN_THREAD;
            case SERVICE -> NEGATIVE_ON_SERVICE;
            case COLLECTION, LISTING -> NEGATIVE_IN_GRID;
            default -> NEGATIVE;
        };
        return isNamed(e, words);
    }

    public static boolean isStrongNegative(Element e, PageType type) {
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

    public static boolean isPositive(Element e) {
        String sig = signature(e);
        if (sig.isEmpty()) return false;
        return hasWord(sig, POSITIVE)
                || e.hasAttr("itemprop") && e.attr("itemprop").contains("articleBody");
    }
}
