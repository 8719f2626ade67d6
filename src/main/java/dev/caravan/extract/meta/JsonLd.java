package dev.caravan.extract.meta;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The schema.org objects of a page's JSON-LD scripts, parsed once per page for every reader of them (metadata, a
 * product's description): each script's objects with those of their {@code @graph} and {@code mainEntity}, in page
 * order. A script that is not valid JSON is skipped. Stateless.
 */
public final class JsonLd {

    private JsonLd() {}

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Nesting below this depth is data about other things (offers, reviews, breadcrumbs), not the page's objects. */
    private static final int MAX_DEPTH = 4;

    public static List<JsonNode> objects(Document doc) {
        List<JsonNode> objects = new ArrayList<>();
        for (Element script : doc.select("script[type=application/ld+json]")) {
            try {
                flatten(JSON.readTree(script.data().strip()), objects, 0);
            } catch (JsonProcessingException e) {
                // a broken script says nothing; the page's other scripts still count
            }
        }
        return objects;
    }

    /** True when {@code n}'s {@code @type}, a name or a list of names, includes {@code type}. */
    static boolean isA(JsonNode n, String type) {
        JsonNode t = n.get("@type");
        if (t == null) return false;
        if (!t.isArray()) return t.asText().equals(type);
        for (JsonNode c : t) if (c.asText().equals(type)) return true;
        return false;
    }

    private static void flatten(JsonNode n, List<JsonNode> out, int depth) {
        if (n == null || depth > MAX_DEPTH) return;
        if (n.isArray()) {
            for (JsonNode c : n) flatten(c, out, depth + 1);
        } else if (n.isObject()) {
            out.add(n);
            flatten(n.get("@graph"), out, depth + 1);
            flatten(n.get("mainEntity"), out, depth + 1);
        }
    }
}
