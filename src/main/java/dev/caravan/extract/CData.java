package dev.caravan.extract;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.CDataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;

/**
 * Parses HTML as a browser does where jsoup does not: a stray {@code <![CDATA[} in the page's markup (outside SVG and
 * MathML) is only a bogus comment up to the next {@code >}, while jsoup reads everything up to {@code ]]>}, often the
 * rest of the page, as one run of text. Stateless.
 */
final class CData {

    private CData() {}

    static Document parse(String html, String baseUri) {
        Document doc = Jsoup.parse(html, baseUri);
        if (html.contains("<![CDATA[")) repair(doc.body());
        return doc;
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
            Element holder = Jsoup.parseBodyFragment(rest, body.baseUri()).body();
            List<Node> parsed = new ArrayList<>(holder.childNodes());
            Node at = c;
            for (Node n : parsed) {
                at.after(n);
                at = n;
            }
            c.remove();
        }
    }
}
