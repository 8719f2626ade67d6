package dev.caravan.extract;

import dev.caravan.model.PageType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.nodes.Comment;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;

/** Removes what can never be main content: scripts, widgets, hidden parts and page furniture. Stateless. */
final class DomCleaner {

    /** Tags that are never content: scripts, media, widgets and form controls. */
    private static final Set<String> NEVER_CONTENT_TAGS = Set.of(
            "script",
            "style",
            "template",
            "svg",
            "canvas",
            "iframe",
            "object",
            "embed",
            "video",
            "audio",
            "map",
            "link",
            "meta",
            "button",
            "input",
            "select",
            "textarea",
            "option",
            "dialog");

    private static final Set<String> NEVER_CONTENT_ROLES = Set.of("dialog", "alertdialog", "search");

    /** Page furniture by tag or role, removed unless it holds the bulk of the text (some sites misuse them). */
    private static final Set<String> FURNITURE_TAGS = Set.of("aside", "header", "form", "menu");

    /**
     * Furniture roles; {@code status} is a live region that announces what the page just did ("loaded 153 results",
     * "added to cart") to screen readers, not content.
     */
    private static final Set<String> FURNITURE_ROLES =
            Set.of("banner", "complementary", "menu", "menubar", "toolbar", "status");

    /** Navigation and footers: removed even when large (legal footnotes), unless they wrap the article itself. */
    private static final Set<String> NAVIGATION_TAGS = Set.of("nav", "footer");

    private static final Set<String> NAVIGATION_ROLES = Set.of("navigation", "contentinfo");

    /** Quoted posts embedded in an article (their wrappers are often named "social"): content, not share bars. */
    private static final String EMBEDDED_POSTS =
            "blockquote.twitter-tweet, blockquote.instagram-media, blockquote.tiktok-embed, blockquote.reddit-embed-bq";

    /** What one walk over the body finds, in document order, for the removal steps that follow it. */
    private static final class Found {
        final List<Element> neverContent = new ArrayList<>();
        final List<Element> noscripts = new ArrayList<>();
        final List<Node> comments = new ArrayList<>();
        final List<Element> hidden = new ArrayList<>();
        final List<Element> navigation = new ArrayList<>();
        final List<Element> furniture = new ArrayList<>();
        final List<Element> named = new ArrayList<>(); // with a class or an id
        final List<Element> languageLinks = new ArrayList<>(); // <a hreflang>: the page in another language
        final List<Element> segments = new ArrayList<>(); // streamed late, waiting for their slot
    }

    /** Removes everything that is never content; {@code byClass} also removes furniture found by class and id. */
    void clean(Document doc, boolean byClass) {
        clean(doc, byClass, PageType.ARTICLE);
    }

    /** As {@link #clean(Document, boolean)}, judging class and id by what they mean on a page of {@code type}. */
    void clean(Document doc, boolean byClass, PageType type) {
        Element body = doc.body();
        Found found = find(body, type);
        for (Element segment : found.segments) fillSlot(segment, body); // before the templates go
        for (Element e : found.neverContent) {
            if (StructuredContent.isPanelTrigger(e)) e.unwrap(); // the title of a tab or accordion panel
            else e.remove();
        }
        for (Element noscript : found.noscripts) {
            // pages rendered by script often carry the crawler's copy of the content in <noscript>: keep big ones
            if (!isAttached(noscript, body)) continue;
            if (TextStats.letters(noscript) >= 500 && noscript.selectFirst("p, div, article, li") != null)
                noscript.unwrap();
            else noscript.remove();
        }
        for (Node c : found.comments) c.remove();
        LetterCounts counts = new LetterCounts(body);
        int total = Math.max(1, counts.letters(body));
        for (Element e : found.hidden) {
            if (!isAttached(e, body)) continue;
            if (StructuredContent.isPanel(e)) continue; // a collapsed tab or accordion panel: content not opened yet
            int letters = counts.letters(e);
            if (letters < 500 || letters < total / 2) e.remove();
        }
        for (Element e : found.navigation) {
            if (isAttached(e, body) && e.selectFirst("article, main, h1, [itemprop=articleBody]") == null) e.remove();
        }
        removeGuarded(attached(found.furniture, body), counts, total, 0.4);
        removeLanguageMenus(found.languageLinks, body);
        if (!byClass) return;
        List<Element> strong = new ArrayList<>();
        List<Element> negative = new ArrayList<>();
        Map<String, Integer> verdicts = new HashMap<>(); // pages repeat the same class names: judge each once
        for (Element e : found.named) {
            if (!isAttached(e, body) || isMidSentence(e)) continue;
            // the verdict depends on the class and id, on being an article or main, and on itemprop=articleBody
            String key = (e.normalName().equals("article") || e.normalName().equals("main") ? "A" : "-")
                    + (e.attr("itemprop").contains("articleBody") ? "B" : "-")
                    + Boilerplate.signature(e);
            Integer verdict = verdicts.get(key);
            if (verdict == null) {
                verdict = Boilerplate.isStrongNegative(e, type)
                        ? 2
                        : Boilerplate.isNegative(e, type) && !Boilerplate.isPositive(e) ? 1 : 0;
                verdicts.put(key, verdict);
            }
            if (verdict == 0 || TextStats.insideCode(e)) continue;
            (verdict == 2 ? strong : negative).add(e);
        }
        removeGuarded(strong, counts, total, 0.6);
        removeGuarded(negative, counts, total, 0.4);
    }

    /** A list with at least this many links to the page in other languages is a language menu. */
    private static final int LANGUAGE_MENU_LINKS = 3;

    /**
     * Removes the lists whose links mostly lead to the same page in other languages ({@code hreflang}): a language
     * menu names languages, not the page's subject, wherever the page puts it.
     */
    private static void removeLanguageMenus(List<Element> languageLinks, Element body) {
        if (languageLinks.size() < LANGUAGE_MENU_LINKS) return;
        Map<Element, Integer> perList = new IdentityHashMap<>();
        for (Element a : languageLinks) {
            Element list = a.closest("ul, ol");
            if (list != null) perList.merge(list, 1, Integer::sum);
        }
        for (Map.Entry<Element, Integer> entry : perList.entrySet()) {
            Element list = entry.getKey();
            int n = entry.getValue();
            if (n < LANGUAGE_MENU_LINKS || !isAttached(list, body)) continue;
            if (2 * n >= list.getElementsByTag("a").size()) list.remove();
        }
    }

    /**
     * One walk over the body instead of a selector pass per kind of furniture. Removal happens afterwards, in the
     * order the kinds are listed, so an element found here may have gone with an ancestor by the time its turn comes.
     */
    private static Found find(Element body, PageType type) {
        // on a thread a post's header is the poster's card, on a product page a strip of offers: furniture there
        boolean sectionHeadersKept = type != PageType.FORUM && type != PageType.PRODUCT;
        Found found = new Found();
        NodeTraversor.filter(
                new NodeFilter() {
                    @Override
                    public FilterResult head(Node node, int depth) {
                        if (node instanceof Comment) {
                            found.comments.add(node);
                            return FilterResult.SKIP_ENTIRELY;
                        }
                        if (!(node instanceof Element e) || e == body) return FilterResult.CONTINUE;
                        String tag = e.normalName();
                        String role = e.hasAttr("role") ? e.attr("role").strip().toLowerCase(Locale.ROOT) : "";
                        if (NEVER_CONTENT_TAGS.contains(tag)
                                || !role.isEmpty() && NEVER_CONTENT_ROLES.contains(role)
                                || e.attr("aria-modal").strip().equalsIgnoreCase("true")
                                || tag.equals("a") && isSkipLink(e)) {
                            found.neverContent.add(e);
                            return FilterResult.SKIP_ENTIRELY; // goes whole
                        }
                        if (tag.equals("noscript")) found.noscripts.add(e);
                        if (e.hasAttr("hidden") && isStreamedSegment(e)) found.segments.add(e);
                        if (isHidden(e)) found.hidden.add(e);
                        if (NAVIGATION_TAGS.contains(tag) || !role.isEmpty() && NAVIGATION_ROLES.contains(role))
                            found.navigation.add(e);
                        if (FURNITURE_TAGS.contains(tag) && !(sectionHeadersKept && isSectionHeader(e, tag))
                                || !role.isEmpty() && FURNITURE_ROLES.contains(role)) found.furniture.add(e);
                        if (e.hasAttr("class") || e.hasAttr("id")) found.named.add(e);
                        if (tag.equals("a") && e.hasAttr("hreflang")) found.languageLinks.add(e);
                        return FilterResult.CONTINUE;
                    }

                    @Override
                    public FilterResult tail(Node node, int depth) {
                        return FilterResult.CONTINUE;
                    }
                },
                body);
        return found;
    }

    /**
     * A {@code <header>} inside an article or section heads that piece (its title, a teaser's summary), not the page:
     * HTML maps only a header outside sectioning content to the banner landmark.
     */
    private static boolean isSectionHeader(Element e, String tag) {
        if (!tag.equals("header")) return false;
        for (Element p = e.parent(); p != null; p = p.parent()) {
            String name = p.normalName();
            if (name.equals("article") || name.equals("section") || name.equals("main")) return true;
        }
        return false;
    }

    /** True while no earlier removal has taken {@code e} out of the page along with an ancestor. */
    private static boolean isAttached(Element e, Element body) {
        for (Element p = e; p != null; p = p.parent()) if (p == body) return true;
        return false;
    }

    private static List<Element> attached(List<Element> elements, Element body) {
        List<Element> out = new ArrayList<>(elements.size());
        for (Element e : elements) if (isAttached(e, body)) out.add(e);
        return out;
    }

    /** Removes each element unless it holds the bulk of the page's text or contains an article. */
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

    /** Inline tags that may carry a word of a sentence. */
    private static final Set<String> INLINE_WORDS =
            Set.of("a", "span", "abbr", "dfn", "em", "strong", "b", "i", "code");

    /**
     * True for an inline element with words of a running sentence on both sides ("If you use a [Deployment] to run
     * your app"): it is a word of that sentence, whatever its class says (a glossary term named "tooltip" opens one,
     * it is not one), and taking it out would leave a hole in the text.
     */
    static boolean isMidSentence(Element e) {
        if (!INLINE_WORDS.contains(e.normalName())) return false;
        return e.previousSibling() instanceof TextNode before
                && e.nextSibling() instanceof TextNode after
                && hasLetter(before.text())
                && hasLetter(after.text());
    }

    private static boolean hasLetter(String s) {
        for (int i = 0; i < s.length(); i++) if (Character.isLetter(s.charAt(i))) return true;
        return false;
    }

    /**
     * A skip link ("Skip to content", "Skip navigation links", "Skip to product information") lets keyboard users jump
     * within the page; it is part of the page's frame wherever it stands, and what it names is not its text.
     */
    static boolean isSkipLink(Element a) {
        String href = a.attr("href");
        if (href.length() < 2 || href.charAt(0) != '#') return false;
        String text = a.text();
        return text.length() < 60 && SKIP.matcher(text).matches();
    }

    private static final Pattern SKIP = Pattern.compile("(?iu)skip\\b.*");

    /**
     * React's streaming server rendering sends late parts of the page as {@code <div hidden id="S:3">} at the end of
     * the body, and a script moves each at once into its slot {@code <template id="B:3">}: content the reader sees,
     * not hidden text. (Left at the end of the body: moving them into their slots also brings in side lists.)
     */
    private static boolean isStreamedSegment(Element e) {
        String id = e.id();
        if (id.length() < 3 || !id.startsWith("S:")) return false;
        for (int i = 2; i < id.length(); i++) if (Character.digit(id.charAt(i), 16) < 0) return false; // hex
        return true;
    }

    /**
     * Moves a streamed segment that is a code block into its slot: a documentation tool that highlights code on the
     * server sends each highlighted block late, and left at the end of the body the examples part from the text that
     * introduces them. (Other segments stay where they are: moved, side lists come into the content too.)
     */
    private static void fillSlot(Element segment, Element body) {
        if (!isAttached(segment, body)) return;
        Element pre = segment.selectFirst("pre");
        if (pre == null || 2 * TextStats.letters(pre) < TextStats.letters(segment)) return; // mostly code
        Element slot = body.getElementById("B:" + segment.id().substring(2));
        if (slot == null || !slot.normalName().equals("template")) return;
        slot.replaceWith(segment);
        segment.removeAttr("hidden");
    }

    /** True for an element the page does not show (a collapsed panel is judged by the caller). */
    private static boolean isHidden(Element e) {
        if (e.hasAttr("hidden") && !isStreamedSegment(e)) return true;
        // aria-hidden only hides from screen readers: on a link it marks a visible duplicate of a teaser's link
        if (e.attr("aria-hidden").equals("true") && !e.normalName().equals("a")) return true;
        if (e.hasAttr("popover")) return true; // HTML popovers stay hidden until a button opens them
        String style = e.attr("style").toLowerCase(Locale.ROOT).replace(" ", "");
        return style.contains("display:none") || style.contains("visibility:hidden");
    }
}
