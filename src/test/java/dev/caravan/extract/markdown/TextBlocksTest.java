package dev.caravan.extract.markdown;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.TextBlock;
import java.util.List;
import org.jsoup.Jsoup;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TextBlocksTest {

    private static List<TextBlock> blocks(String html) {
        return TextBlocks.of(Jsoup.parseBodyFragment(html).body());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', textBlock = """
            a paragraph                          ~ <p>Heat pumps  move\\n warmth.</p>                                   ~ PARAGRAPH:Heat pumps move warmth.
            headings apart from the text         ~ <h2>Costs</h2><p>It costs $12 a month.</p>                        ~ HEADING:Costs / PARAGRAPH:It costs $12 a month.
            every list item                      ~ <ul><li>First item here</li><li>Second <b>bold</b> item</li></ul> ~ LIST_ITEM:First item here / LIST_ITEM:Second bold item
            a list item before its sub-list      ~ <ul><li>Parent text<ul><li>Child</li></ul></li></ul>              ~ LIST_ITEM:Parent text / LIST_ITEM:Child
            a table row as cells                 ~ <table><tr><th>State</th><th>Top rate</th></tr><tr><td>Kentucky</td><td>16%</td></tr></table> ~ TABLE_ROW:State | Top rate / TABLE_ROW:Kentucky | 16%
            a one-cell row holding a heading     ~ <table><tr><th colspan="2"><h3>Nebula Mars 3 Specs</h3></th></tr></table> ~ HEADING:Nebula Mars 3 Specs
            a one-cell header row as a heading   ~ <table><thead><tr><td colspan="2">Specifications</td></tr></thead><tr><td>Price</td><td>$99</td></tr></table> ~ HEADING:Specifications / TABLE_ROW:Price | $99
            a one-cell row as a paragraph        ~ <table><tr><td>A layout table holds prose.</td></tr></table>     ~ PARAGRAPH:A layout table holds prose.
            a cell broken into lines stays a cell ~ <table><tr><td>Sessions</td><td>Price</td></tr><tr><td>5</td><td>Student: $190<br>Member: $240</td></tr></table> ~ TABLE_ROW:Sessions | Price / TABLE_ROW:5 | Student: $190 Member: $240
            a cell of short paragraphs too       ~ <table><tr><td>Fall</td><td><p>$1,700 per term</p><p>($100 a lesson)</p></td></tr></table> ~ TABLE_ROW:Fall | $1,700 per term ($100 a lesson)
            a cell holding a list keeps it       ~ <table><tr><td><p>Grow adds:</p><ul><li>Group orders</li></ul></td></tr></table> ~ PARAGRAPH:Grow adds: / LIST_ITEM:Group orders
            a quote                              ~ <blockquote><p>Quoted words.</p></blockquote>                     ~ QUOTE:Quoted words.
            code as it is                        ~ <pre>x  = 1\\ny = 2</pre>                                          ~ CODE:x  = 1\\ny = 2
            code names verbatim                  ~ <p>Call <code>logging.getLogger(__name__)</code> once.</p>        ~ PARAGRAPH:Call logging.getLogger(__name__) once.
            a line break ends a block            ~ <p>Line one<br>Line two</p>                                       ~ PARAGRAPH:Line one / PARAGRAPH:Line two
            footnote links left out              ~ <p>Fewer errors<sup><a href="#c1">[47]</a></sup> than before.</p> ~ PARAGRAPH:Fewer errors than before.
            footnote text left out               ~ <p>Than face-to-face [47]. [5] Next.</p>                          ~ PARAGRAPH:Than face-to-face. Next.
            side-by-side spans keep a gap        ~ <div><span>Price</span><span>Free</span></div>                   ~ PARAGRAPH:Price Free
            a heading is one line with its parts ~ <h4>pub fn is_err_and&lt;F&gt;(self, f: F) -&gt; bool<div class="where">where F: FnOnce(E) -&gt; bool,</div></h4><p>Returns true if the result is Err.</p> ~ HEADING:pub fn is_err_and<F>(self, f: F) -> bool where F: FnOnce(E) -> bool, / PARAGRAPH:Returns true if the result is Err.
            a line break in a heading is a space ~ <h1>Top Picks<br>for 2025</h1><p>Our list.</p>                  ~ HEADING:Top Picks for 2025 / PARAGRAPH:Our list.
            a heading made of a paragraph        ~ <p>Before.</p><h2><p>Costs</p></h2><p>It costs $12.</p>         ~ PARAGRAPH:Before. / HEADING:Costs / PARAGRAPH:It costs $12.
            a heading opening with a block       ~ <p>Before.</p><h2><div>Costs</div> and fees</h2>                ~ PARAGRAPH:Before. / HEADING:Costs and fees
            a heading opening with a quote       ~ <p>Before.</p><h3><blockquote>Best value</blockquote> for families</h3> ~ PARAGRAPH:Before. / HEADING:Best value for families
            a heading opening with an icon       ~ <p>Before.</p><h2><i class="icon"></i><span>Costs</span></h2>  ~ PARAGRAPH:Before. / HEADING:Costs
            a long heading left open stays apart ~ <h2>Costs<p>It costs $12 a month, billed yearly, with no fee for the first month and no contract: you may cancel at any time from the account page, and the rest of the year is refunded in full. Prices are in US dollars and include sales tax where it applies; other currencies are charged at the rate of the day by your bank.</p><p>Next.</p></h2> ~ HEADING:Costs / HEADING:It costs $12 a month, billed yearly, with no fee for the first month and no contract: you may cancel at any time from the account page, and the rest of the year is refunded in full. Prices are in US dollars and include sales tax where it applies; other currencies are charged at the rate of the day by your bank. / HEADING:Next.
            """)
    void blocks_are_the_documents_own_text(String name, String html, String expected) {
        String actual = String.join(
                " / ",
                blocks(html.replace("\\n", "\n")).stream()
                        .map(b -> b.kind() + ":" + b.text())
                        .toList());
        assertThat(actual).isEqualTo(expected.replace("\\n", "\n"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', textBlock = """
            th cells                           ~ <table><tr><th>State</th><th>Top rate</th></tr><tr><td>Kentucky</td><td>16%</td></tr></table> ~ true false
            a row in thead                     ~ <table><thead><tr><td>State</td><td>Top rate</td></tr></thead><tr><td>Kentucky</td><td>16%</td></tr></table> ~ true false
            column header roles                ~ <table><tr><td role="columnheader">State</td><td role="columnheader">Rate</td></tr><tr><td>Ohio</td><td>3%</td></tr></table> ~ true false
            a th naming its row's value        ~ <table><tr><th>Price</th><td>$1099.00</td></tr><tr><th>Lamp Life</th><td>25,000 Hrs</td></tr></table> ~ false false
            no marks at all                    ~ <table><tr><td>State</td><td>Top rate</td></tr><tr><td>Kentucky</td><td>16%</td></tr></table> ~ false false
            a bold first row over plain rows   ~ <table><tr><td><strong>Experience Level</strong></td><td><strong>Hourly Rate</strong></td></tr><tr><td>Master</td><td>$120–$200</td></tr></table> ~ true false
            bold keys of a key/value table     ~ <table><tr><td><strong>Price</strong></td><td>$1099.00</td></tr><tr><td><strong>Lamp Life</strong></td><td>25,000 Hrs</td></tr></table> ~ false false
            every row in bold                  ~ <table><tr><td><b>Apprentice</b></td><td><b>$45</b></td></tr><tr><td><b>Master</b></td><td><b>$120</b></td></tr></table> ~ false false
            """)
    void a_table_row_is_a_header_row_only_when_the_page_marks_it_so(String name, String html, String expected) {
        String actual = String.join(
                " ", blocks(html).stream().map(b -> String.valueOf(b.header())).toList());
        assertThat(actual).isEqualTo(expected);
    }
}
