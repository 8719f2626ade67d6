package dev.caravan.extract.clean;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Short texts that are page furniture wherever they appear: labels ("Advertisement", "Share"), picture credits,
 * bare URLs, datelines and reading times, sign-up prompts. Stateless.
 */
final class NoiseText {

    private NoiseText() {}

    /** Whole-element texts that are labels of furniture, never content. */
    private static final Pattern LABEL = Pattern.compile(
            "(?i)(advertisement|advertisment|advert|ad|ads|sponsored( content)?|skip to (main )?content|"
                    + "story continues below.*|continue reading.*|read more|read next|"
                    + "share( this( article| story| post| page)?)?( on \\w+)?:?|sharing is caring!?|like this:?|like|"
                    + "related( articles| stories| posts| content)?:?|recommended( for you)?|more:?|"
                    + "click here to subscribe.*|sign up for .* newsletter.*|follow us.*|print|e-?mail|tweet|subscribe|"
                    + "(\\d+ )?comments?|copy link|link copied|image|photo|video|loading\\.*|caption|close|"
                    + "(image|photo|slide) \\d+ (of|/) \\d+|you have been successfully subscribed.*|"
                    + "view all (posts|articles|stories) by .*|edit (this page|on github|page)|improve this page|suggest an? (edit|change)|report an? (issue|problem)|"
                    + "back to top|(\\d+ min(ute)?s? read)|facebook|twitter|x|pinterest|reddit|linkedin|whatsapp|telegram|"
                    + "flipboard|mix|tumblr|pocket|messenger|sms|copy|share via .*|(reading time|tempo de leitura|lesezeit|temps de lecture).{0,20})");

    /** Picture credits: "Photo: Jane Doe, AP", "(Image credit: NASA)", "Photo by Jane Doe", "© Amazon". */
    private static final Pattern CREDIT = Pattern.compile(
            "(?i)\\(?(photo|image|picture|photograph|foto|credit|image credit|photo credit|source)s?( copyright)?\\s*[:©].*"
                    + "|image copyright .*|\\(?(getty images|reuters|ap photo|afp)[^.]*\\)?|(photo|photograph|image) by .{3,60}"
                    + "|©.{2,80}"
                    + "|(?=[^/]* [^/]*/)[\\p{L} .'’-]{2,40}(/[\\p{L} .'’-]{2,40}){1,3}"); // "Jane Doe/Agency/Getty
    // Images"

    private static final Pattern BARE_URL = Pattern.compile("(?i)https?://\\S+");

    /** A dateline on its own: "Updated 5:27 am CST, Wednesday, November 20, 2019", "22/01/2018 às 0:13". */
    private static final Pattern YEAR = Pattern.compile("\\b(19|20)\\d\\d\\b");

    /** Short prompts to sign up for something. */
    private static final Pattern PROMPT =
            Pattern.compile("(?i).*\\b(sign up|subscribe|newsletters?|in your inbox|to your inbox|delivered to your|"
                    + "get the latest updates)\\b.*");

    /** Headings that introduce lists of other pages, not the page's own content. */
    private static final Pattern ELSEWHERE =
            Pattern.compile("(?iu)(more (in|from|on|about|stories|news|articles|videos|to read|like this)\\b.*|"
                    + "more\\b.{0,30}\\b(stories|news|articles|posts|videos|reads)|"
                    + "related(\\s+\\S+){0,3}|"
                    // "Recommended courses" may head the article's own picks: only the site's other pages count
                    + "recommended( (for you|articles?|stories|story|posts?|content|reading|reads?|videos?|news|links|"
                    + "topics|guides|pages|products|items|books|searches|resources))?:?|"
                    + "read (more|next|also)\\b.*|also read\\b.*|you (may|might) (also )?(like|enjoy|be interested).*|"
                    + "(most )?(popular|trending|latest|top) (stories|news|articles|posts|now)\\b.*|"
                    + "most (read|viewed|shared|popular)\\b.*|don'?t miss\\b.*|editor'?s picks?\\b.*|"
                    + "other (stories|articles|news)\\b.*|what to read next.*|up next\\b.*|"
                    // the writer's biography closes many articles: a box of its own, not the article
                    + "about the (author|writer|reviewer)s?\\b.*|meet the (author|writer)s?\\b.*|written by\\b.*|"
                    + "also in (the|this)\\b.*|"
                    // a list of the sources cited, not text of the article
                    + "(article )?sources:?|"
                    + "veja também.*|leia também.*|mais lidas.*|você pode gostar.*|lesen sie auch.*|mehr zum thema.*|"
                    + "à lire aussi.*|lire aussi.*|te puede interesar.*|関連記事.*|相关.*)");

    /**
     * A button made of a link: "Shop TomboyX", "Check price here", "Get the Recipe", "Book a demo". It sends the
     * reader to a shop or a form; the text around it says what it offers.
     */
    private static final Pattern CALL_TO_ACTION = Pattern.compile(
            "(?iu)(\\W*)(shop|buy|try|order|book|get|check|see|view|download|start|learn more|visit|compare|explore|read)"
                    + "\\b.{0,50}");

    /** True for the text of a link that stands alone as a button (see {@link #CALL_TO_ACTION}). */
    static boolean isCallToAction(String linkText, int letters) {
        return letters < 50 && CALL_TO_ACTION.matcher(linkText).matches();
    }

    static boolean introducesElsewhere(String heading) {
        return heading.length() < 60 && ELSEWHERE.matcher(heading.strip()).matches();
    }

    /**
     * Headings of a shop's boxes of other products: "People who viewed this item also viewed", "Frequently bought
     * together", "Similar items", "Featured products". What follows them is the shop's catalogue, not this product.
     */
    private static final Pattern OTHER_PRODUCTS = Pattern.compile(
            "(?iu)(((this is )?what )?(people|customers|shoppers|others)( who| like you)?\\b.{0,40}\\b(also|bought|viewed)\\b.*|"
                    + "(frequently|often) bought together.*|similar (items|products)\\b.*|explore related\\b.*|"
                    + "featured products|customers also\\b.*|recently viewed\\b.*|complete the look|"
                    + "(you )?(may|might) also need.*):?");

    /** Headings of a shop's delivery, return and payment terms, the same on every product page. */
    private static final Pattern SHOP_TERMS = Pattern.compile(
            "(?iu)((shipping|delivery)( (and|&)|,) returns?( polic(y|ies))?|returns?( (and|&) exchanges)?"
                    + "( polic(y|ies))?|(shipping|delivery) (information|policy)|payments? (and|&) security):?");

    /** True when {@code heading} heads a shop's delivery, return or payment terms. */
    static boolean headsShopTerms(String heading) {
        return heading.length() < 60 && SHOP_TERMS.matcher(heading.strip()).matches();
    }

    /** True when {@code heading} heads a box of a shop's other products. */
    static boolean introducesOtherProducts(String heading) {
        return heading.length() < 60 && OTHER_PRODUCTS.matcher(heading.strip()).matches();
    }

    static boolean isNoise(String text, int letters, boolean hasLink, boolean isLink, boolean isHeading) {
        if (letters < 60 && LABEL.matcher(text).matches()) return true;
        if (isHeading) return false;
        // each pattern runs only on texts holding a word or sign it needs: most texts hold none
        String lower = text.toLowerCase(Locale.ROOT);
        if (letters < 120 && mayBeCredit(lower) && CREDIT.matcher(text).matches()) return true;
        if (letters < 200
                && !isLink
                && text.regionMatches(true, 0, "http", 0, 4)
                && BARE_URL.matcher(text).matches()) return true;
        if (letters < 100 && !isLink && digits(text) >= 4 && isDateline(text)) return true;
        return letters < 160
                && (hasLink || letters < 100)
                && mayBePrompt(lower)
                && PROMPT.matcher(text).matches();
    }

    private static boolean mayBeCredit(String lower) {
        return lower.indexOf(':') >= 0
                || lower.indexOf('©') >= 0
                || lower.indexOf('/') >= 0
                || lower.contains(" by ")
                || lower.contains("image copyright")
                || lower.contains("getty images")
                || lower.contains("reuters")
                || lower.contains("ap photo")
                || lower.contains("afp");
    }

    private static boolean mayBePrompt(String lower) {
        return lower.contains("sign up")
                || lower.contains("subscribe")
                || lower.contains("newsletter")
                || lower.contains("inbox")
                || lower.contains("delivered to your")
                || lower.contains("get the latest updates");
    }

    private static int digits(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) >= '0' && s.charAt(i) <= '9') n++;
        return n;
    }

    private static final Pattern DATE_WORDS = Pattern.compile(
            "(?iu)\\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|"
                    + "august|september|october|november|december|mon|tue|wed|thu|fri|sat|sun|monday|tuesday|wednesday|"
                    + "thursday|friday|saturday|sunday|updated|published|posted|am|pm|a\\.m|p\\.m|at|on|of|de|del|le|"
                    + "às|um|am|et|y|e|gmt|utc|[a-z]{2,4}t|segunda|terça|quarta|quinta|sexta|feira|sábado|domingo|"
                    + "janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro)\\b"
                    + "|\\d+|[\\p{Punct}·|–—]");

    private static boolean isDateline(String text) {
        if (!YEAR.matcher(text).find()) return false;
        String rest = DATE_WORDS.matcher(text).replaceAll(" ").strip();
        return rest.isEmpty() || rest.split("\\s+").length <= 1;
    }
}
