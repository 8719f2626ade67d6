package dev.caravan.extract.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jsoup.Jsoup;
import org.jsoup.nodes.CDataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;

/**
 * Parses HTML as a browser does where jsoup does not. Stateless.
 *
 * <ul>
 *   <li>A stray {@code <![CDATA[} in the page's markup (outside SVG and MathML) is only a bogus comment up to the next
 *       {@code >}, while jsoup reads everything up to {@code ]]>}, often the rest of the page, as one run of text.
 *   <li>A browser runs scripts, so it reads a {@code <noscript>} as plain text up to {@code </noscript>}. jsoup parses
 *       it as markup, where an {@code <iframe ... />} (the slash means nothing in HTML) opens an element whose
 *       content is raw text up to the next {@code </iframe>}: the rest of the page, on pages that never close it.
 * </ul>
 */
public final class HtmlParser {

    private HtmlParser() {}

    /**
     * The page parsed, with a stray CDATA section and a frame inside {@code <noscript>} read as a browser reads them.
     * Parse a page once: a step that needs the page as it was takes a copy ({@link Document#clone()}).
     */
    public static Document parse(String html, String baseUri) {
        Document doc = Jsoup.parse(html, baseUri);
        if (html.contains("<![CDATA[")) repair(doc.body());
        if (html.contains("<noscript") && hasSelfClosedFrame(html)) repairNoscriptFrames(doc.body());
        return doc;
    }

    /** Puts back, after its {@code <noscript>}, the markup that a frame inside it swallowed as text. */
    static void repairNoscriptFrames(Element body) {
        if (body == null) return;
        for (Element frame : body.select("noscript iframe")) {
            String text = frame.data();
            int end = text.toLowerCase(Locale.ROOT).indexOf(NOSCRIPT_END);
            Element noscript = frame.closest("noscript");
            if (end < 0 || noscript == null) continue;
            frame.empty();
            insertAfter(noscript, text.substring(end + NOSCRIPT_END.length()), body.baseUri());
        }
    }

    private static final String NOSCRIPT_END = "</noscript>";

    /** True when some {@code <iframe ...>} tag of {@code html} ends in {@code />}: a scan of the text, not of the tree. */
    static boolean hasSelfClosedFrame(String html) {
        for (int i = html.indexOf("<iframe"); i >= 0; i = html.indexOf("<iframe", i + 7)) {
            int end = html.indexOf('>', i);
            if (end < 0) return false;
            if (html.charAt(end - 1) == '/') return true;
        }
        return false;
    }

    /** Replaces each CDATA section that swallowed markup by that markup, parsed, as a browser would show it. */
    static void repair(Element body) {
        if (body == null) return;
        List<CDataNode> sections = new ArrayList<>();
        body.forEachNode(n -> {
            if (n instanceof CDataNode c && c.text().indexOf('<') >= 0) sections.add(c);
        });
        for (CDataNode c : sections) {
            String text = c.text();
            String rest = text.substring(text.indexOf('>') + 1); // the bogus comment ends at the first '>'
            insertAfter(c, rest, body.baseUri());
            c.remove();
        }
    }

    /** Parses {@code markup} as a fragment of a body and puts its nodes, in order, right after {@code node}. */
    private static void insertAfter(Node node, String markup, String baseUri) {
        Element holder = Jsoup.parseBodyFragment(markup, baseUri).body();
        List<Node> parsed = new ArrayList<>(holder.childNodes());
        Node at = node;
        for (Node n : parsed) {
            at.after(n);
            at = n;
        }
    }
}
