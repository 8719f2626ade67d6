package dev.caravan.extract.clean;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class OrphanHeadingsTest {

    private static Element cleaned(String inner) {
        Element root = Jsoup.parse("<html><body><div id=\"root\">" + inner + "</div></body></html>")
                .getElementById("root");
        OrphanHeadings.remove(root);
        return root;
    }

    @Test
    void a_heading_followed_by_nothing_or_by_a_heading_of_its_level_goes() {
        Element root = cleaned("<h2>Related stories</h2><h2>Costs</h2><p>The wall cost a lot.</p><h3>Share</h3>");
        assertThat(root.select("h2, h3").eachText()).containsExactly("Costs");
    }

    @Test
    void headings_that_are_the_text_of_list_items_or_table_cells_stay() {
        Element root = cleaned("<p>Brands we like:</p><ul><li><h3>Sofie hats</h3></li><li><h3>Pact socks</h3></li></ul>"
                + "<table><tr><td><h4>Price</h4></td><td><h4>Size</h4></td></tr></table>");
        assertThat(root.select("h3, h4").eachText()).containsExactly("Sofie hats", "Pact socks", "Price", "Size");
    }
}
