package dev.caravan.extract.meta;

import com.fasterxml.jackson.databind.JsonNode;
import dev.caravan.extract.dom.TextStats;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jsoup.parser.Tag;
import org.jspecify.annotations.Nullable;

/**
 * The description a shop gives of its product in schema.org {@code Product} JSON-LD. Shops write it for search
 * engines from the same text as the page's description tab, so it is the product's own text without the price,
 * variants, delivery terms and other products around it; and pages that draw their description with scripts have
 * it only there. Stateless.
 */
public final class ProductDescription {

    private ProductDescription() {}

    /** Below this many letters a description is a tagline, too short to stand for the product's text. */
    static final int MIN_LETTERS = 200;

    /**
     * Share of the extracted content's letters from which the description stands for all of it: what else was kept
     * is then mostly the shop around the text (price, options, delivery, reviews, other products).
     */
    static final double SHARE = 0.45;

    /** The longest description of a schema.org {@code Product} among the page's JSON-LD objects, or null. */
    public static @Nullable String read(List<JsonNode> jsonLd) {
        String best = null;
        for (JsonNode n : jsonLd) {
            JsonNode d = n.get("description");
            if (d == null || !d.isTextual() || !JsonLd.isA(n, "Product")) continue;
            String text = d.asText();
            if (text.strip().indexOf(' ') < 0) continue; // one token: URL-encoded or an id, not readable text
            if (best == null || text.length() > best.length()) best = text;
        }
        return best;
    }

    /**
     * {@code content}, or the product's description in its place when the description is long enough to be the
     * product's text and not much smaller than what the page's markup yielded: then the rest is the shop around it
     * (or the page draws its text with scripts and the markup yielded hardly anything).
     */
    public static Element preferred(Element content, @Nullable String description, String baseUri) {
        if (description == null) return content;
        Element text = asHtml(description, baseUri);
        int letters = TextStats.letters(text);
        if (letters < MIN_LETTERS || letters < SHARE * TextStats.letters(content)) return content;
        return text;
    }

    /**
     * The description as an element: its own markup when it has some, else one paragraph per line (entities such as
     * {@code &amp;} decoded either way).
     */
    static Element asHtml(String description, String baseUri) {
        Element body = Jsoup.parseBodyFragment(description, baseUri).body();
        if (!body.children().isEmpty()) return body;
        Element div = new Element(Tag.valueOf("div"), baseUri);
        for (String line : body.wholeText().split("\\R")) {
            if (!line.isBlank()) div.appendElement("p").text(line.strip());
        }
        return div;
    }
}
