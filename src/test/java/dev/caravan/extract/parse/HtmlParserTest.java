package dev.caravan.extract.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.nodes.Document;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class HtmlParserTest {

    @Test
    void a_stray_cdata_opener_in_the_body_hides_only_what_a_browser_hides() {
        Document doc = HtmlParser.parse(
                "<html><body><![CDATA[<div id=\"top\"></div><article><h1>Thread</h1>"
                        + "<p>My chain slips.</p></article></body></html>",
                "https://forum.example.com/t/1");
        assertThat(doc.body().select("article p").text()).isEqualTo("My chain slips.");
        assertThat(doc.body().text()).doesNotContain("CDATA", "<div");
    }

    @Test
    void cdata_inside_scripts_and_pages_without_it_are_left_alone() {
        Document doc = HtmlParser.parse(
                "<html><body><script>//<![CDATA[\nvar a = 1;\n//]]></script><p>Text.</p></body></html>", "");
        assertThat(doc.body().select("script").first().data()).contains("<![CDATA[", "var a = 1;");
        assertThat(doc.body().select("p").text()).isEqualTo("Text.");
    }

    @Test
    void a_self_closed_frame_in_noscript_does_not_swallow_the_rest_of_the_page() {
        Document doc = HtmlParser.parse(
                "<html><body><noscript><iframe src=\"https://tags.example.com/ns.html\" height=\"0\" /></noscript>"
                        + "<main><h1>Your fastest path to production</h1><p>Deploy from Git.</p></main></body></html>",
                "https://example.com/");
        assertThat(doc.body().select("main h1").text()).isEqualTo("Your fastest path to production");
        assertThat(doc.body().select("main p").text()).isEqualTo("Deploy from Git.");
        assertThat(doc.body().select("noscript iframe").first().data()).isEmpty();
    }

    @Test
    void a_closed_frame_in_noscript_is_left_alone() {
        Document doc = HtmlParser.parse(
                "<html><body><noscript><iframe src=\"https://tags.example.com/ns.html\"></iframe></noscript>"
                        + "<p>Deploy from Git.</p></body></html>",
                "");
        assertThat(doc.body().select("body > p").text()).isEqualTo("Deploy from Git.");
        assertThat(doc.body().select("p")).hasSize(1);
    }
}
