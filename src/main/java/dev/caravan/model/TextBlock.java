package dev.caravan.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One block of a page's main text as a reader sees it: a paragraph, a heading, a list item, a table row. The text is
 * taken from the document itself (never recovered from Markdown), with white space collapsed and the page's own
 * footnote markers ({@code [47]}) dropped, so a quote from it is the page's text.
 *
 * @param kind what the block is on the page
 * @param text its text on one line, never blank
 * @param header a table row the page marks as a header row (its cells are all {@code th}, it sits in {@code thead},
 *     or its cells have {@code role="columnheader"}); false for every other block. Blocks stored before this field
 *     existed read as false.
 */
public record TextBlock(Kind kind, String text, boolean header) {

    /** What a block is on the page; only some kinds can be quoted as findings. */
    public enum Kind {
        PARAGRAPH,
        HEADING,
        LIST_ITEM,
        TABLE_ROW,
        QUOTE,
        CODE
    }

    public TextBlock {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(text, "text");
    }

    /** A block that is no header row. */
    public TextBlock(Kind kind, String text) {
        this(kind, text, false);
    }

    /** Blocks of plain text (text/plain, PDF text): one paragraph per run of non-blank lines. */
    public static List<TextBlock> paragraphs(String plainText) {
        List<TextBlock> blocks = new ArrayList<>();
        if (plainText == null) return blocks;
        for (String para : plainText.split("\\n\\s*\\n")) {
            String text = para.replaceAll("\\s+", " ").strip();
            if (!text.isEmpty()) blocks.add(new TextBlock(Kind.PARAGRAPH, text));
        }
        return blocks;
    }

    /** One code block (JSON, XML): kept for the record, never quoted. */
    public static List<TextBlock> code(String text) {
        return text == null || text.isBlank() ? List.of() : List.of(new TextBlock(Kind.CODE, text.strip()));
    }
}
