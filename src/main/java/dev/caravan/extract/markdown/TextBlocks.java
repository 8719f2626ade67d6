package dev.caravan.extract.markdown;

import dev.caravan.extract.dom.WordLists;
import dev.caravan.model.TextBlock;
import dev.caravan.model.TextBlock.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * The text of the content element as blocks, read from the document itself: every paragraph, heading, list item,
 * table row, quote and code block, in document order; a heading of up to {@value #HEADING_CHARS} characters is one
 * heading block, the blocks and line breaks nested in it read as spaces (headings hold phrasing content only, but pages
 * nest a {@code div} in them; code and tables in one still stand apart). Quotes are taken from these, so they are the
 * page's own words, never text recovered from Markdown. Reference markers ({@code <sup>[3]</sup>}, {@code [47]}) are
 * left out: in a report they would read as citations. Stateless.
 */
public final class TextBlocks {

    /** Elements that start a new block of text. */
    private static final Set<String> BLOCK = WordLists.set("tag.text-block");

    /** Inline boxes often laid out side by side: a word gap between siblings (as the Markdown renderer keeps). */
    private static final Set<String> INLINE_BOX = WordLists.set("tag.inline-box");

    private static final Pattern MARKER_TEXT =
            Pattern.compile("\\[?\\s*(\\d{1,3}|[a-z]|citation needed|note \\d+)\\s*]?", Pattern.CASE_INSENSITIVE);
    /** A footnote marker left in running text: "face-to-face [47]." */
    private static final Pattern INLINE_MARKER = Pattern.compile("(?:\\s?\\[\\d{1,3}])+(?=[\\s.,;:!?)\"'”’]|$)");

    /** The most characters of a heading read as one line, whatever it nests ({@code oneLine}). */
    private static final int HEADING_CHARS = 300;

    /** The most characters a cell's lines hold in all to stay one cell of its row ({@code shortParagraphs}). */
    private static final int CELL_CHARS = 200;

    /** Runs of white space (and no-break spaces) as one space; a plain loop, run for every block of every page. */
    static String collapseSpaces(CharSequence text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean inSpace = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r' || c == '\u00a0') {
                if (!inSpace) out.append(' ');
                inSpace = true;
            } else {
                out.append(c);
                inSpace = false;
            }
        }
        return out.toString();
    }

    private TextBlocks() {}

    public static List<TextBlock> of(Element root) {
        Collector c = new Collector();
        c.visit(root, Kind.PARAGRAPH);
        c.flush();
        return c.blocks;
    }

    private static final class Collector {
        final List<TextBlock> blocks = new ArrayList<>();
        final StringBuilder text = new StringBuilder();
        Kind kind = Kind.PARAGRAPH;
        /** How many headings the element being visited sits in: inside one, nested blocks and line breaks are spaces. */
        int inHeading;

        void visit(Element e, Kind inherited) {
            String tag = e.normalName();
            if (tag.equals("pre")) {
                flush();
                add(Kind.CODE, e.wholeText().strip());
                return;
            }
            if (tag.equals("tr")) {
                flush();
                row(e, inherited);
                return;
            }
            if (tag.equals("sup") && MARKER_TEXT.matcher(e.text()).matches()) return;
            if (tag.equals("br") || tag.equals("hr")) {
                if (inHeading > 0) gap();
                else flush();
                return;
            }
            // a heading is one line, whatever the page nests in it: rustdoc puts a method's where clause in a div
            boolean withinHeading = inHeading > 0;
            boolean nested = withinHeading && BLOCK.contains(tag); // a block in a heading: a word gap, no new block
            boolean block = BLOCK.contains(tag) && !withinHeading;
            boolean heading = isHeading(tag) && oneLine(e);
            Kind own = withinHeading ? Kind.HEADING : kindOf(tag, inherited);
            if (block) flush();
            if (nested) gap();
            if (INLINE_BOX.contains(tag) && e.previousSibling() instanceof Element) gap();
            if (heading) inHeading++;
            for (Node child : e.childNodes()) {
                if (child instanceof TextNode t) {
                    if (text.isEmpty()) kind = own;
                    text.append(t.getWholeText());
                } else if (child instanceof Element c) {
                    visit(c, own);
                }
            }
            if (heading) inHeading--;
            if (nested) gap();
            if (block) flush();
        }

        /** A word gap in the text being collected, not at its start (where it would keep the block's kind unset). */
        private void gap() {
            if (!text.isEmpty()) text.append(' ');
        }

        /**
         * A table row: its cells in order, " | " between them, marked as a header row when the page marks it so
         * ({@link #headerRow}). A one-cell row reads as a paragraph, or as a heading when it is a marked header row or
         * holds a heading: the title of the table (or of the table after it), "Nebula Mars 3 Specs".
         */
        private void row(Element tr, Kind inherited) {
            List<String> cells = new ArrayList<>();
            Kind oneCell = inherited == Kind.QUOTE ? Kind.QUOTE : Kind.PARAGRAPH;
            for (Element cell : tr.children()) {
                if (!cell.normalName().equals("td") && !cell.normalName().equals("th")) continue;
                Collector inner = new Collector();
                inner.visit(cell, Kind.PARAGRAPH);
                inner.flush();
                if (inner.blocks.size() > 1 && shortParagraphs(inner.blocks)) { // "$1,700 per semester" "($100 ...)"
                    cells.add(String.join(
                            " ", inner.blocks.stream().map(TextBlock::text).toList()));
                    continue;
                }
                if (inner.blocks.size() > 1) { // a cell holding prose, a list or a nested table: keep its blocks
                    blocks.addAll(inner.blocks);
                    continue;
                }
                if (!inner.blocks.isEmpty()) {
                    cells.add(inner.blocks.get(0).text());
                    if (inner.blocks.get(0).kind() == Kind.HEADING) oneCell = Kind.HEADING;
                }
            }
            boolean header = headerRow(tr);
            if (cells.size() == 1) add(header ? Kind.HEADING : oneCell, cells.get(0));
            else if (!cells.isEmpty()) blocks.add(new TextBlock(Kind.TABLE_ROW, String.join(" | ", cells), header));
        }

        /**
         * Whether the blocks of one table cell are a few short paragraphs, {@value #CELL_CHARS} characters in all: a
         * value the page broke into lines ({@code <br>} or {@code <p>}), "Student: $190" over "Member: $240". They
         * are one cell of the row, their lines joined by a space, so the row keeps its columns and its header row.
         * Measured (answer@5 with the model, tune / forms / forms2 / check): 0.880 / 0.850 / 0.708 / 0.870, against
         * 0.880 / 0.850 / 0.667 / 0.860 with such a cell's lines as paragraphs out of the row.
         */
        private static boolean shortParagraphs(List<TextBlock> cell) {
            int chars = 0;
            for (TextBlock b : cell) {
                if (b.kind() != Kind.PARAGRAPH) return false;
                chars += b.text().length();
            }
            return chars <= CELL_CHARS;
        }

        void flush() {
            if (text.isEmpty()) return;
            String clean = collapseSpaces(text);
            if (clean.indexOf('[') >= 0) clean = INLINE_MARKER.matcher(clean).replaceAll("");
            clean = clean.strip();
            text.setLength(0);
            add(kind, clean);
        }

        private void add(Kind k, String t) {
            if (!t.isBlank()) blocks.add(new TextBlock(k, t));
        }
    }

    /**
     * Whether the page marks {@code tr} as a header row: it sits in {@code thead}, or every cell is a {@code th} or has
     * {@code role="columnheader"}. A row whose first cell alone is a {@code th} ("Price | $1099.00") names its own
     * value: it is a data row.
     */
    static boolean headerRow(Element tr) {
        if (tr.parent() != null && tr.parent().normalName().equals("thead")) return true;
        boolean any = false;
        for (Element cell : tr.children()) {
            String tag = cell.normalName();
            if (!tag.equals("td") && !tag.equals("th")) continue;
            if (!tag.equals("th") && !cell.attr("role").equalsIgnoreCase("columnheader"))
                return boldFirstRow(tr); // as many editors mark it
            any = true;
        }
        return any;
    }

    /**
     * Whether {@code tr} is a table's first row, every cell of it all in bold ({@code strong} or {@code b}), over a row
     * that is not: the header row as WordPress's and many other editors' tables mark it ({@code
     * <td><strong>Experience Level</strong></td>}). A key/value table whose keys are bold has a plain cell in every
     * row: no header.
     */
    private static boolean boldFirstRow(Element tr) {
        if (tr.elementSiblingIndex() != 0 || !allBold(tr)) return false;
        Element next = tr.nextElementSibling();
        return next != null && next.normalName().equals("tr") && !allBold(next);
    }

    private static boolean allBold(Element tr) {
        boolean any = false;
        for (Element cell : tr.children()) {
            String tag = cell.normalName();
            if (!tag.equals("td") && !tag.equals("th")) continue;
            String text = cell.text().strip();
            if (text.isEmpty() || !cell.select("strong, b").text().strip().equals(text)) return false;
            any = true;
        }
        return any;
    }

    /**
     * Whether heading {@code h} is short enough to be read as one line, {@value #HEADING_CHARS} characters at most. A
     * heading the page left open ({@code <h2>Title<p>...}) holds the paragraphs after it: they stay blocks of their own.
     */
    private static boolean oneLine(Element h) {
        return h.text().length() <= HEADING_CHARS;
    }

    private static boolean isHeading(String tag) {
        return tag.length() == 2 && tag.charAt(0) == 'h' && tag.charAt(1) >= '1' && tag.charAt(1) <= '6';
    }

    private static Kind kindOf(String tag, Kind inherited) {
        if (isHeading(tag)) return Kind.HEADING;
        if (tag.equals("li") || tag.equals("dd") || tag.equals("dt")) return Kind.LIST_ITEM;
        if (tag.equals("blockquote")) return Kind.QUOTE;
        return inherited;
    }
}
