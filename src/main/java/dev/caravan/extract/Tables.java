package dev.caravan.extract;

import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/** Shapes tables so that they convert to valid GFM tables: one header row first, captions as paragraphs. */
final class Tables {

    private Tables() {}

    static void normalise(Element root) {
        for (Element table : root.select("table")) {
            if (!table.select("table table").isEmpty()) continue; // layout tables: leave to the converter
            Element caption = table.selectFirst("caption");
            if (caption != null) {
                if (!caption.text().isBlank()) table.before(new Element("p").text(caption.text()));
                caption.remove();
            }
            Elements rows = table.select("tr");
            if (rows.isEmpty()) continue;
            Element first = rows.first();
            boolean headerFirst = !first.select("th").isEmpty() && first.select("td").isEmpty();
            boolean headersLater = false;
            for (int i = 1; i < rows.size(); i++) headersLater |= !rows.get(i).select("th").isEmpty();
            if (headerFirst && !headersLater) continue;
            // row headers (key/value tables) or no header at all: plain cells, first row becomes the header
            for (Element th : table.select("th")) th.tagName("td");
            for (Element td : first.select("td")) td.tagName("th");
            for (Element section : table.select("thead, tbody, tfoot")) section.unwrap();
        }
    }
}
