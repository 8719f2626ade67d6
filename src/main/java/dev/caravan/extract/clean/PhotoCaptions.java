package dev.caravan.extract.clean;

import dev.caravan.model.PageType;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/**
 * On an article, removes the captions under its photos, which describe the pictures and credit the photographers;
 * they are not part of the text. Numbered captions ("Figure 2.") stay, as the text refers to them; on documentation a
 * caption explains a diagram, and stays.
 */
final class PhotoCaptions implements CleaningRule {

    /** A caption that numbers its figure ("Figure 2.", "Table 1:", "Listing 9-3") is referred to by the text. */
    private static final Pattern NUMBERED_CAPTION =
            Pattern.compile("(?i)\\W*(figure|fig\\.?|table|listing|chart|graph|diagram|exhibit|example)\\s*\\d.*");

    private static final Pattern IMAGE_FILE = Pattern.compile("(?i)[^?#]*\\.(jpe?g|png|gif|webp|avif)([?#].*)?");

    @Override
    public void apply(Cleaning c) {
        if (c.type() != PageType.ARTICLE) return;
        for (Element caption : c.root().getElementsByTag("figcaption")) {
            Element figure = caption.parent();
            if (figure == null || !figure.normalName().equals("figure") || !isPhoto(figure)) continue;
            if (!NUMBERED_CAPTION.matcher(caption.text()).matches()) caption.remove();
        }
    }

    /**
     * A figure showing a picture: not a quotation (a testimonial's caption names the speaker) and not a card whose
     * picture links to another page (an offer, a product: the caption is its title or terms). A picture linked to
     * its own larger copy is still a photo.
     */
    private static boolean isPhoto(Element figure) {
        Element img = figure.selectFirst("img, picture");
        if (img == null || figure.selectFirst("blockquote") != null) return false;
        Element link = img.closest("a");
        return link == null || IMAGE_FILE.matcher(link.attr("href")).matches();
    }
}
