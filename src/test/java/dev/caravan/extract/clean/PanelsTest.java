package dev.caravan.extract.clean;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.PageType;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Collapsed tab and accordion panels are content; the buttons that open them name them. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class PanelsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a tab panel by role                 | <div role="tabpanel" hidden><p>Specifications: 25 litres, 1 lb 13 oz.</p></div>                       | true
            a collapsed accordion by class      | <div class="accordion__content" style="visibility: hidden"><p>Course details.</p></div>             | true
            a collapsed panel by class          | <div class="collapse" aria-hidden="true"><p>Answer to the question.</p></div>                       | true
            a hidden cookie notice              | <div class="cookie-notice" hidden><p>We use cookies.</p></div>                                      | false
            """)
    void collapsed_tab_and_accordion_panels_are_panels(String what, String html, boolean panel) {
        Element e = Jsoup.parse(html).body().child(0);
        assertThat(Panels.isPanel(e)).isEqualTo(panel);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            an accordion trigger              | <button aria-expanded="false" aria-controls="c1">Work Team Concepts</button> | true
            a tab                             | <button role="tab" aria-controls="specs">Specifications</button>             | true
            a menu toggle with a popup        | <button aria-expanded="false" aria-haspopup="true">Menu</button>             | false
            an add-to-cart button             | <button class="add-to-cart">Add to cart</button>                           | false
            """)
    void a_button_that_opens_a_panel_names_it(String what, String html, boolean trigger) {
        Element e = Jsoup.parse(html).body().child(0);
        assertThat(Panels.isTrigger(e)).isEqualTo(trigger);
    }

    @Test
    void the_cleaner_keeps_a_collapsed_accordion_with_its_title() {
        org.jsoup.nodes.Document doc = Jsoup.parse("<main><h1>Courses</h1><div class=\"accordion\">"
                + "<button aria-expanded=\"false\" aria-controls=\"c1\">Project Cost Management</button>"
                + "<div id=\"c1\" class=\"accordion__content\" style=\"visibility: hidden\"><p>Financial strategies for"
                + " projects.</p></div></div><div class=\"popup\" hidden>Sign up now</div></main>");
        CleaningRules.cleanPage(doc, PageType.SERVICE, true);
        assertThat(doc.body().text())
                .contains("Project Cost Management", "Financial strategies")
                .doesNotContain("Sign up");
    }
}
