package dev.caravan.extract.meta;

import dev.caravan.extract.dom.Boilerplate;
import dev.caravan.extract.dom.WordLists;
import dev.caravan.model.PageType;
import dev.caravan.web.Urls;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Tells what kind of page a document is from the page itself: its JSON-LD types, its OpenGraph type, the words of its
 * URL path, and its structure (posts with authors, repeated cards, prices, code). Each signal adds weight to one or
 * more types; the heaviest wins, and a page with no clear signal is an article. Stateless and thread-safe.
 */
public final class PageTypeDetector {

    /** Below this weight no signal is clear enough, and the page counts as an article. */
    private static final double CLEAR = 2.0;

    // schema.org type names in JSON-LD, by the kind of page they make (word-lists.properties)
    private static final List<String> JSONLD_PRODUCT = WordLists.list("jsonld.product");
    private static final List<String> JSONLD_FORUM = WordLists.list("jsonld.forum");
    private static final List<String> JSONLD_QUESTION = WordLists.list("jsonld.question");
    private static final List<String> JSONLD_LIST = WordLists.list("jsonld.list");
    private static final List<String> JSONLD_DOCS = WordLists.list("jsonld.docs");
    private static final List<String> JSONLD_SERVICE = WordLists.list("jsonld.service");
    private static final List<String> JSONLD_ARTICLE = WordLists.list("jsonld.article");

    // words of the URL's host and path, by the kind of page they name (word-lists.properties)
    private static final List<String> FORUM_HOST_START = WordLists.list("url.forum.host-start");
    private static final List<String> FORUM_HOST_PART = WordLists.list("url.forum.host-part");
    private static final List<String> DOCS_HOST_START = WordLists.list("url.docs.host-start");
    private static final List<String> DOCS_HOST_PART = WordLists.list("url.docs.host-part");
    private static final List<String> FORUM_PATH = WordLists.list("url.forum.path");
    private static final List<String> DOCS_PATH = WordLists.list("url.docs.path");
    private static final List<String> PRODUCT_PATH = WordLists.list("url.product.path");
    private static final List<String> COLLECTION_PATH = WordLists.list("url.collection.path");
    private static final List<String> LISTING_PATH = WordLists.list("url.listing.path");
    private static final List<String> LIST_PATH = WordLists.list("url.list.path");
    private static final List<String> SERVICE_PATH = WordLists.list("url.service.path");

    /**
     * The type of {@code doc}, found at {@code url}; {@code published} is the publication date the page declares, a
     * sign of an article, or null.
     */
    public PageType detect(Document doc, String url, String published) {
        Map<PageType, Double> w = new EnumMap<>(PageType.class);
        jsonLdTypes(doc, w);
        openGraphType(doc, w);
        urlWords(url, w);
        structure(doc, w);
        if (published != null) add(w, PageType.ARTICLE, 1.5);
        boolean home = Urls.isSiteRoot(url);
        if (home) {
            // a site's front page presents the site (its services, or its latest items), it is not one article
            add(w, PageType.SERVICE, HOME);
            add(w, PageType.LISTING, HOME - 1);
        }
        // teaser grids sit beside many articles: cards count only on a page that does not say it is an article
        if (home || w.getOrDefault(PageType.ARTICLE, 0.0) == 0) repeatedCards(doc, w);
        // a page that declares no kind and no date, and has no stretch of writing to speak of, presents something
        PageType best = w.getOrDefault(PageType.ARTICLE, 0.0) == 0 && w.getOrDefault(PageType.SERVICE, 0.0) > 0
                ? PageType.SERVICE
                : PageType.ARTICLE;
        double bestWeight = CLEAR;
        for (Map.Entry<PageType, Double> en : w.entrySet()) {
            if (en.getValue() > bestWeight) {
                best = en.getKey();
                bestWeight = en.getValue();
            }
        }
        return best;
    }

    /**
     * Weight of being a site's front page for a service page (less one for a listing, which repeated cards then
     * decide): above {@link #CLEAR}, so a front page is never taken for an article by default.
     */
    private static final double HOME = 2.5;

    private static void add(Map<PageType, Double> w, PageType t, double weight) {
        w.merge(t, weight, Double::sum);
    }

    /** Schema.org types named anywhere in the page's JSON-LD, read without parsing the JSON. */
    private static void jsonLdTypes(Document doc, Map<PageType, Double> w) {
        boolean product = false,
                forum = false,
                list = false,
                docs = false,
                service = false,
                article = false,
                faq = false,
                question = false;
        for (Element script : doc.select("script[type=application/ld+json]")) {
            String data = script.data();
            // an FAQ block is made of Question and Answer items too: on its page they are not a thread
            if (data.contains("FAQPage")) faq = true;
            for (int i = data.indexOf("\"@type\""); i >= 0; i = data.indexOf("\"@type\"", i + 7)) {
                int end = Math.min(data.length(), i + 120);
                String type = data.substring(i + 7, end);
                int stop = type.indexOf(',');
                int close = type.indexOf('}');
                if (close >= 0 && (stop < 0 || close < stop) && !type.startsWith(":[") && !type.startsWith(": ["))
                    stop = close;
                if (stop > 0 && !type.contains("[")) type = type.substring(0, stop);
                if (has(type, JSONLD_PRODUCT)) product = true;
                if (has(type, JSONLD_FORUM)) forum = true;
                if (has(type, JSONLD_QUESTION)) question = true;
                if (has(type, JSONLD_LIST)) list = true;
                if (has(type, JSONLD_DOCS)) docs = true;
                if (has(type, JSONLD_SERVICE)) service = true;
                if (has(type, JSONLD_ARTICLE)) article = true;
            }
        }
        if (question && !faq) forum = true;
        if (product) add(w, PageType.PRODUCT, 2.5);
        if (forum) add(w, PageType.FORUM, 3);
        if (list) {
            add(w, PageType.COLLECTION, 1.5);
            add(w, PageType.LISTING, 1.5);
        }
        if (docs) add(w, PageType.DOCUMENTATION, 2.5);
        if (service) add(w, PageType.SERVICE, 2);
        if (article) add(w, PageType.ARTICLE, 3);
    }

    /** True when {@code s} holds one of {@code needles}. */
    private static boolean has(String s, List<String> needles) {
        for (String n : needles) if (s.contains(n)) return true;
        return false;
    }

    private static boolean startsWithOne(String s, List<String> prefixes) {
        for (String p : prefixes) if (s.startsWith(p)) return true;
        return false;
    }

    private static void openGraphType(Document doc, Map<PageType, Double> w) {
        Element og = doc.selectFirst("meta[property=og:type][content]");
        if (og == null) return;
        String type = og.attr("content").toLowerCase(Locale.ROOT).strip();
        if (type.contains("product")) add(w, PageType.PRODUCT, 2);
        else if (type.equals("article") || type.equals("blog") || type.equals("news")) add(w, PageType.ARTICLE, 1);
    }

    /** Words of the URL path that name a kind of page: /forum/, /t/slug/123, /docs/, /products/, /collections/. */
    private static void urlWords(String url, Map<PageType, Double> w) {
        if (url == null || url.isEmpty()) return;
        Urls.Parts parts = Urls.split(url.toLowerCase(Locale.ROOT));
        String host = parts.authority();
        String path = parts.path();
        String query = parts.query();
        // forum software that names the thread in the query: index.php?topic=123, viewtopic.php?t=45
        if (query.startsWith("topic=") || query.contains("&topic=")) add(w, PageType.FORUM, 1);
        if (startsWithOne(host, FORUM_HOST_START) || has(host, FORUM_HOST_PART)) add(w, PageType.FORUM, 1.5);
        if (startsWithOne(host, DOCS_HOST_START) || has(host, DOCS_HOST_PART)) add(w, PageType.DOCUMENTATION, 1.5);
        if (has(path, FORUM_PATH)) add(w, PageType.FORUM, 2);
        if (has(path, DOCS_PATH)) add(w, PageType.DOCUMENTATION, 1.5);
        if (has(path, PRODUCT_PATH)) add(w, PageType.PRODUCT, 2);
        if (has(path, COLLECTION_PATH)) add(w, PageType.COLLECTION, 2);
        if (has(path, LISTING_PATH)) {
            if (path.endsWith("/") || path.chars().filter(c -> c == '/').count() <= 2) add(w, PageType.LISTING, 1.5);
        }
        // a path segment "list", or one that reads "list of ...", names a list page whatever its depth, even one that
        // calls itself a dated article in JSON-LD (encyclopedias mark up every page so)
        if (has(path, LIST_PATH) || path.endsWith("/list")) add(w, PageType.LISTING, 5);
        if (has(path, SERVICE_PATH)) add(w, PageType.SERVICE, 1.5);
    }

    /**
     * Repeated sibling structures: a parent with many children of the same tag and class, each holding a link and
     * some text, is a list of cards (teasers, results, products).
     */
    private static void repeatedCards(Document doc, Map<PageType, Double> w) {
        Element body = doc.body();
        if (body == null) return;
        int best = 0;
        boolean priced = false;
        Map<String, int[]> groups = new java.util.HashMap<>();
        java.util.Set<Element> linked = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Element a : body.getElementsByTag("a")) {
            if (!a.hasAttr("href")) continue;
            for (Element p = a; p != null && linked.add(p); p = p.parent()) {
                // every ancestor of a link holds a link; stop where an earlier link already marked the path
            }
        }
        for (Element parent : body.getAllElements()) {
            if (parent.childrenSize() < 4) continue;
            String pn = parent.normalName();
            if (pn.equals("ul")
                    && parent.parent() != null
                    && parent.parent().normalName().equals("nav")) continue;
            if (pn.equals("tbody") || pn.equals("table") || pn.equals("select") || pn.equals("nav")) continue;
            groups.clear();
            for (Element c : parent.children()) {
                String cn = c.normalName();
                if (cn.equals("script") || cn.equals("style") || cn.equals("br")) continue;
                if (c.childrenSize() < 2 || !linked.contains(c)) continue;
                groups.computeIfAbsent(cn + '.' + c.className(), k -> new int[1])[0]++;
            }
            for (Map.Entry<String, int[]> g : groups.entrySet()) {
                int n = g.getValue()[0];
                if (n > best && !Boilerplate.isNegative(parent)) {
                    best = n;
                    priced = parent.selectFirst("[class*=price], [itemprop=price]") != null || hasCurrency(parent);
                }
            }
        }
        if (best >= 6) add(w, priced ? PageType.COLLECTION : PageType.LISTING, best >= 10 ? 2.5 : 1.5);
    }

    /** True when some text below {@code e} holds a currency sign. */
    private static boolean hasCurrency(Element e) {
        boolean[] found = {false};
        org.jsoup.select.NodeTraversor.filter(
                new org.jsoup.select.NodeFilter() {
                    @Override
                    public FilterResult head(org.jsoup.nodes.Node node, int depth) {
                        if (node instanceof org.jsoup.nodes.TextNode t) {
                            String s = t.getWholeText();
                            for (int i = 0; i < s.length() && !found[0]; i++)
                                found[0] = "$€£¥₹".indexOf(s.charAt(i)) >= 0;
                        }
                        return found[0] ? FilterResult.STOP : FilterResult.CONTINUE;
                    }
                },
                e);
        return found[0];
    }

    /** Structural signs: posts with authors, prices and carts, code with side navigation. */
    private static void structure(Document doc, Map<PageType, Double> w) {
        Element body = doc.body();
        if (body == null) return;
        int posts = 0, prices = 0, carts = 0;
        for (Element e : body.getElementsByAttribute("class")) {
            String c = e.className();
            if (c.length() > 200) continue;
            String lc = c.toLowerCase(Locale.ROOT);
            if (lc.contains("post") && (lc.contains("author") || lc.contains("user") || lc.contains("reply"))
                    || lc.contains("topic-post")
                    || lc.contains("message-body")
                    || lc.contains("postbody")
                    || lc.contains("answer") && !lc.contains("faq")) posts++;
            if (lc.contains("price")) prices++;
            if (lc.contains("add-to-cart")
                    || lc.contains("addtocart")
                    || lc.contains("add_to_cart")
                    || lc.contains("buy-button")) carts++;
        }
        if (posts >= 3) add(w, PageType.FORUM, 1.5);
        if (body.selectFirst("[itemprop=price], [itemtype*=schema.org/Product]") != null) add(w, PageType.PRODUCT, 1);
        if (carts >= 1 && prices >= 1 && prices <= 6) add(w, PageType.PRODUCT, 1);
        if (prices > 8) add(w, PageType.COLLECTION, 1.5);
        int sections = 0;
        for (Element section : body.getElementsByTag("section")) {
            if (section.selectFirst("h1, h2, h3, h4") != null) sections++;
        }
        if (sections >= 3) add(w, PageType.SERVICE, 1);
        int pres = body.getElementsByTag("pre").size();
        if (pres >= 2) add(w, PageType.DOCUMENTATION, pres >= 4 ? 1.5 : 1);
    }
}
