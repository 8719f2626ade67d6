package dev.caravan.extract;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import org.jsoup.nodes.Comment;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.select.Elements;

/** Removes what can never be main content: scripts, widgets, hidden parts and page furniture. Stateless. */
final class DomCleaner {

    private static final String NEVER_CONTENT =
            "script, style, template, svg, canvas, iframe, object, embed, video, audio, map, link, meta, "
                    + "button, input, select, textarea, option, dialog, [role=dialog], [role=alertdialog], [role=search], "
                    + "[aria-modal=true]";

    /** Hidden until a script shows it: removed, unless it holds most of the page (pages revealed by script). */
    private static final String HIDDEN = "[hidden], [aria-hidden=true], [style*=display], [style*=visibility]";

    /** Page furniture by tag or role, removed unless it holds the bulk of the text (some sites misuse them). */
    private static final String FURNITURE =
            "aside, header, form, menu, [role=banner], [role=complementary], [role=menu], [role=menubar], [role=toolbar]";

    /** Navigation and footers: removed even when large (legal footnotes), unless they wrap the article itself. */
    private static final String NAVIGATION = "nav, footer, [role=navigation], [role=contentinfo]";

    /** Quoted posts embedded in an article (their wrappers are often named "social"): content, not share bars. */
    private static final String EMBEDDED_POSTS =
            "blockquote.twitter-tweet, blockquote.instagram-media, blockquote.tiktok-embed, blockquote.reddit-embed-bq";

    /** Removes everything that is never content; {@code byClass} also removes furniture found by class and id. */
    void clean(Document doc, boolean byClass) {
        Element body = doc.body();
        doc.select(NEVER_CONTENT).remove();
        for (Element noscript : doc.select("noscript")) {
            // pages rendered by script often carry the crawler's copy of the content in <noscript>: keep big ones
            if (noscript.parent() == null) continue;
            if (TextStats.letters(noscript) >= 500 && noscript.selectFirst("p, div, article, li") != null) noscript.unwrap();
            else noscript.remove();
        }
        removeComments(body);
        LetterCounts counts = new LetterCounts(body);
        int total = Math.max(1, counts.letters(body));
        for (Element e : body.select(HIDDEN)) {
            if (e.parent() == null || !isHidden(e)) continue;
            int letters = counts.letters(e);
            if (letters < 500 || letters < total / 2) e.remove();
        }
        for (Element e : body.select(NAVIGATION)) {
            if (e.parent() != null && e.selectFirst("article, main, h1, [itemprop=articleBody]") == null) e.remove();
        }
        removeGuarded(body.select(FURNITURE), counts, total, 0.4);
        if (!byClass) return;
        List<Element> strong = new ArrayList<>();
        List<Element> negative = new ArrayList<>();
        Map<String, Integer> verdicts = new HashMap<>(); // pages repeat the same class names: judge each once
        for (Element e : body.getAllElements()) {
            if (e == body || e.normalName().equals("html")) continue;
            if (!e.hasAttr("class") && !e.hasAttr("id")) continue;
            // the verdict depends on the class and id, on being an article or main, and on itemprop=articleBody
            String key = (e.normalName().equals("article") || e.normalName().equals("main") ? "A" : "-")
                    + (e.attr("itemprop").contains("articleBody") ? "B" : "-") + Boilerplate.signature(e);
            Integer verdict = verdicts.get(key);
            if (verdict == null) {
                verdict = Boilerplate.isStrongNegative(e) ? 2 : Boilerplate.isNegative(e) && !Boilerplate.isPositive(e) ? 1 : 0;
                verdicts.put(key, verdict);
            }
            if (verdict == 0 || TextStats.insideCode(e)) continue;
            (verdict == 2 ? strong : negative).add(e);
        }
        removeGuarded(strong, counts, total, 0.6);
        removeGuarded(negative, counts, total, 0.4);
    }

    /** Removes each element unless it holds the bulk of the page's text or contains an article. */
    private static void removeGuarded(Elements elements, LetterCounts counts, int total, double share) {
        removeGuarded(new ArrayList<>(elements), counts, total, share);
    }

    private static void removeGuarded(List<Element> elements, LetterCounts counts, int total, double share) {
        for (Element e : elements) {
            if (e.parent() == null) continue; // already removed with an ancestor
            int letters = counts.letters(e);
            if (letters > total * share) continue;
            if (!e.select("[itemprop=articleBody]").isEmpty()) continue;
            if (share < 0.5 && e.selectFirst(EMBEDDED_POSTS) != null) continue;
            if (share < 0.5 && letters > 600 && !e.select("article, main").isEmpty()) continue;
            e.remove();
        }
    }

    private static boolean isHidden(Element e) {
        if (e.hasAttr("hidden") || e.attr("aria-hidden").equals("true")) return true;
        String style = e.attr("style").toLowerCase(Locale.ROOT).replace(" ", "");
        return style.contains("display:none") || style.contains("visibility:hidden");
    }

    private static void removeComments(Element root) {
        List<Node> comments = new ArrayList<>();
        root.forEachNode(n -> {
            if (n instanceof Comment) comments.add(n);
        });
        for (Node c : comments) c.remove();
    }
}
