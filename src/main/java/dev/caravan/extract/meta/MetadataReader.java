package dev.caravan.extract.meta;

import com.fasterxml.jackson.databind.JsonNode;
import dev.caravan.model.PageMetadata;
import dev.caravan.web.Urls;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/** Reads what a page says about itself: JSON-LD first, then OpenGraph and plain meta tags. Thread-safe. */
public final class MetadataReader {

    public PageMetadata read(Document doc) {
        return read(doc, JsonLd.objects(doc));
    }

    /** As {@link #read(Document)}, with the page's JSON-LD objects already parsed ({@link JsonLd#objects}). */
    public PageMetadata read(Document doc, List<JsonNode> jsonLd) {
        JsonLdFacts ld = readJsonLd(jsonLd);
        Map<String, String> metas = metaTags(doc);
        String title = first(meta(metas, "og:title"), meta(metas, "twitter:title"), ld.headline, doc.title());
        String canonical = null;
        Element link = doc.selectFirst("link[rel=canonical][href]");
        if (link != null) canonical = link.absUrl("href");
        canonical = first(canonical, absolute(doc, meta(metas, "og:url")), ld.url);
        String site = first(meta(metas, "og:site_name"), meta(metas, "application-name"), ld.publisher);
        String author = first(
                ld.author,
                meta(metas, "author"),
                meta(metas, "article:author"),
                meta(metas, "byl"),
                meta(metas, "parsely-author"),
                meta(metas, "dc.creator"),
                metaContent(doc, "a[rel=author], [itemprop=author] [itemprop=name]"));
        if (author != null && author.startsWith("http")) author = null;
        if (author != null) author = author.replaceFirst("(?i)^by\\s+", "");
        String published = first(
                ld.published,
                meta(metas, "article:published_time"),
                meta(metas, "og:article:published_time"),
                meta(metas, "date"),
                meta(metas, "pubdate"),
                meta(metas, "publishdate"),
                meta(metas, "dc.date.issued"),
                meta(metas, "dc.date"),
                meta(metas, "parsely-pub-date"),
                meta(metas, "sailthru.date"),
                meta(metas, "datePublished"),
                meta(metas, "article.published"),
                meta(metas, "ptime"),
                meta(metas, "dcterms.created"),
                timeAttr(doc));
        String lang = first(
                attr(doc.selectFirst("html[lang]"), "lang"),
                meta(metas, "content-language"),
                meta(metas, "og:locale"),
                ld.language);
        if (lang != null) lang = lang.replace('_', '-');
        String description = first(
                meta(metas, "description"),
                meta(metas, "og:description"),
                meta(metas, "twitter:description"),
                ld.description);
        return new PageMetadata(title, canonical, site, author, published, lang, description, null);
    }

    /** Every meta tag's content by its lower-cased property, name, itemprop or http-equiv; the first one wins. */
    private static Map<String, String> metaTags(Document doc) {
        Map<String, String> metas = new HashMap<>();
        for (Element m : doc.select("meta[content]")) {
            String k = m.hasAttr("property")
                    ? m.attr("property")
                    : m.hasAttr("name") ? m.attr("name") : m.attr("itemprop");
            if (k.isEmpty()) k = m.attr("http-equiv");
            String v = clean(m.attr("content"));
            if (!k.isEmpty() && v != null) metas.putIfAbsent(k.toLowerCase(Locale.ROOT), v);
        }
        return metas;
    }

    private static String meta(Map<String, String> metas, String key) {
        return metas.get(key.toLowerCase(Locale.ROOT));
    }

    private static String metaContent(Document doc, String css) {
        Element e = doc.selectFirst(css);
        return e == null ? null : clean(e.text());
    }

    private static String timeAttr(Document doc) {
        Element t = doc.selectFirst(
                "time[datetime][itemprop=datePublished], time[datetime][pubdate], article time[datetime]");
        return t == null ? null : clean(t.attr("datetime"));
    }

    private static String absolute(Document doc, String url) {
        return Urls.resolve(doc.location(), url);
    }

    private static String attr(Element e, String name) {
        return e == null ? null : clean(e.attr(name));
    }

    static String first(String... values) {
        for (String v : values) if (v != null && !v.isBlank()) return v.strip();
        return null;
    }

    private static String clean(String s) {
        if (s == null) return null;
        String t = s.replaceAll("\\s+", " ").strip();
        return t.isEmpty() ? null : t;
    }

    // ------------------------------------------------------------------ JSON-LD

    private static final class JsonLdFacts {
        String headline, url, publisher, author, published, language, description;
    }

    private static JsonLdFacts readJsonLd(List<JsonNode> nodes) {
        JsonLdFacts f = new JsonLdFacts();
        for (JsonNode n : nodes) {
            if (!isCreativeWork(n)) continue;
            f.headline = first(f.headline, text(n.get("headline")), text(n.get("name")));
            f.url = first(f.url, text(n.get("url")));
            f.publisher = first(f.publisher, name(n.get("publisher")));
            f.author = first(f.author, name(n.get("author")), name(n.get("creator")));
            f.published = first(f.published, text(n.get("datePublished")), text(n.get("dateCreated")));
            f.language = first(f.language, text(n.get("inLanguage")));
            f.description = first(f.description, text(n.get("description")));
        }
        for (JsonNode n : nodes) {
            if (JsonLd.isA(n, "WebSite") || JsonLd.isA(n, "Organization"))
                f.publisher = first(f.publisher, text(n.get("name")));
        }
        return f;
    }

    private static boolean isCreativeWork(JsonNode n) {
        JsonNode t = n.get("@type");
        String types = t == null ? "" : t.isArray() ? t.toString() : t.asText();
        return types.matches("(?s).*(Article|Posting|Report|Blog|CreativeWork|WebPage|Recipe|Review|Product|"
                + "QAPage|Question|DiscussionForumPosting|TechArticle|NewsArticle).*");
    }

    private static String text(JsonNode n) {
        if (n == null || n.isNull()) return null;
        if (n.isArray()) return n.isEmpty() ? null : text(n.get(0));
        if (n.isObject()) return null;
        return clean(n.asText());
    }

    private static String name(JsonNode n) {
        if (n == null || n.isNull()) return null;
        if (n.isTextual()) return clean(n.asText());
        if (n.isArray()) {
            List<String> names = new ArrayList<>();
            for (JsonNode c : n) {
                String s = name(c);
                if (s != null && !names.contains(s)) names.add(s);
            }
            return names.isEmpty() ? null : String.join(", ", names);
        }
        return text(n.get("name"));
    }
}
