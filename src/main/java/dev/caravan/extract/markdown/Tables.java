package dev.caravan.extract.markdown;

import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/** Shapes tables so that they convert to valid GFM tables: one header row first, captions as paragraphs. */
final class Tables {

    private Tables() {}

    static void normalise(Element root) {
        for (Element table : root.select("table")) {
            if (table.normalName().equals("table") && table.selectFirst("table table") != null) unwrapLayout(table);
        }
        for (Element table : root.select("table")) {
            Element caption = table.selectFirst("caption");
            if (caption != null) {
                if (!caption.text().isBlank()) table.before(new Element("p").text(caption.text()));
                caption.remove();
            }
            Elements rows = table.select("tr");
            if (rows.isEmpty()) continue;
            Element first = rows.first();
            boolean headerFirst =
                    !first.select("th").isEmpty() && first.select("td").isEmpty();
            boolean headersLater = false;
            for (int i = 1; i < rows.size(); i++)
                headersLater |= !rows.get(i).select("th").isEmpty();
            if (headerFirst && !headersLater) continue;
            // row headers (key/value tables) or no header at all: plain cells, first row becomes the header
            for (Element th : table.select("th")) th.tagName("td");
            for (Element td : first.select("td")) td.tagName("th");
            for (Element section : table.select("thead, tbody, tfoot")) section.unwrap();
        }
    }

    /** A table that holds tables lays out the page: its rows and cells become plain blocks, the inner tables stay. */
    private static void unwrapLayout(Element table) {
        for (Element e : table.select("thead, tbody, tfoot, tr, td, th, caption")) {
            Element owner = e.parent();
            while (owner != null && !owner.normalName().equals("table")) owner = owner.parent();
            if (owner == table) e.tagName("div");
        }
        table.tagName("div");
    }
}
