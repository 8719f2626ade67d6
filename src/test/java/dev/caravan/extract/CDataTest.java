package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.nodes.Document;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class CDataTest {

    @Test
    void a_stray_cdata_opener_in_the_body_hides_only_what_a_browser_hides() {
        Document doc = CData.parse(
                "<html><body><![CDATA[<div id=\"top\"></div><article><h1>Thread</h1>"
                        + "<p>My chain slips.</p></article></body></html>",
                "https://forum.example.com/t/1");
        assertThat(doc.body().select("article p").text()).isEqualTo("My chain slips.");
        assertThat(doc.body().text()).doesNotContain("CDATA", "<div");
    }

    @Test
    void cdata_inside_scripts_and_pages_without_it_are_left_alone() {
        Document doc = CData.parse(
                "<html><body><script>//<![CDATA[\nvar a = 1;\n//]]></script><p>Text.</p></body></html>", "");
        assertThat(doc.body().select("script").first().data()).contains("<![CDATA[", "var a = 1;");
        assertThat(doc.body().select("p").text()).isEqualTo("Text.");
    }
}
