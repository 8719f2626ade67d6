package dev.caravan.pages;

import com.vladsch.flexmark.ast.AutoLink;
import com.vladsch.flexmark.ast.Code;
import com.vladsch.flexmark.ast.FencedCodeBlock;
import com.vladsch.flexmark.ast.Heading;
import com.vladsch.flexmark.ast.HtmlBlock;
import com.vladsch.flexmark.ast.HtmlBlockBase;
import com.vladsch.flexmark.ast.HtmlCommentBlock;
import com.vladsch.flexmark.ast.HtmlInline;
import com.vladsch.flexmark.ast.HtmlInlineBase;
import com.vladsch.flexmark.ast.HtmlInlineComment;
import com.vladsch.flexmark.ast.Image;
import com.vladsch.flexmark.ast.ImageRef;
import com.vladsch.flexmark.ast.Link;
import com.vladsch.flexmark.ast.LinkRef;
import com.vladsch.flexmark.ast.RefNode;
import com.vladsch.flexmark.ast.Reference;
import com.vladsch.flexmark.ext.tables.TableCell;
import com.vladsch.flexmark.ext.tables.TablesExtension;
import com.vladsch.flexmark.parser.Parser;
import com.vladsch.flexmark.util.ast.Document;
import com.vladsch.flexmark.util.ast.Node;
import com.vladsch.flexmark.util.data.MutableDataSet;
import com.vladsch.flexmark.util.sequence.BasedSequence;
import com.vladsch.flexmark.util.sequence.Escaping;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A page's Markdown made safe to show: in a report, under its source heading, or on its own in {@code pages/}. It
 * comes from the page (our converter's output, or a plain-text or Markdown body as it was), so it is parsed the way a
 * viewer parses it (plain CommonMark, and with GFM tables) and whatever would render as more than text is taken
 * apart in the source: raw HTML is escaped (but for a few tags that can do nothing, see {@link #harmless}), links and autolinks to anything but http, https and mailto lose their
 * link, images become links, reference definitions become text (they would apply to the whole report, its
 * citations included), and a fence left open is closed. Everything else stays byte for byte. Thread-safe.
 */
public final class PageMarkdown {

    /** Level of the source's own heading ({@code ### [n] Title}); the page's headings nest one level below it. */
    static final int SOURCE_HEADING_LEVEL = 3;

    /** Undoing one construct can reveal another (an image in a link in an image); past this, the page is shown as code. */
    private static final int MAX_ROUNDS = 8;

    private static final Pattern HARMLESS_TAG = Pattern.compile("(?i)</?(?:kbd|var|sub|sup)\\s*>|<br\\s*/?>");
    private static final Pattern LINKABLE = Pattern.compile("(?i)(https?://|mailto:)");
    private static final List<Parser> VIEWERS = List.of(
            Parser.builder().build(),
            Parser.builder(new MutableDataSet().set(Parser.EXTENSIONS, List.of(TablesExtension.create())))
                    .build());

    private PageMarkdown() {}

    /** The page's Markdown for a report: safe, and with its headings nested under the source heading. */
    public static String inReport(String markdown) {
        return demoteHeadings(safe(markdown));
    }

    /** The page's Markdown with nothing in it that renders as more than text, a web link or an address. */
    public static String safe(String markdown) {
        String md = markdown;
        for (int round = 0; round < MAX_ROUNDS; round++) {
            Edits edits = new Edits();
            for (Parser viewer : VIEWERS) defuse(viewer.parse(md), md, edits);
            if (edits.isEmpty()) return closeFence(md);
            md = edits.applyTo(md);
        }
        return asCode(markdown);
    }

    /**
     * Shifts the page's headings so that its highest one sits one level under the source heading, keeping the
     * distances between levels: a page whose top heading is an h2 shows it as {@code ####}, its h3 as {@code #####}.
     * Markdown stops at level 6, so deeper levels stay at 6. Every heading a viewer sees counts: underlined ones
     * (written as {@code ####} then), and those in quotes and lists; a {@code #} line in code is not a heading.
     */
    static String demoteHeadings(String markdown) {
        List<Heading> headings = new ArrayList<>();
        for (Node node : VIEWERS.get(0).parse(markdown).getDescendants()) {
            if (node instanceof Heading h) headings.add(h);
        }
        if (headings.isEmpty()) return markdown.strip();
        int top = headings.stream().mapToInt(Heading::getLevel).min().orElseThrow();
        int shift = SOURCE_HEADING_LEVEL + 1 - top;
        Edits edits = new Edits();
        for (Heading h : headings) {
            String marker = "#".repeat(Math.min(6, Math.max(1, h.getLevel() + shift)));
            if (h.isAtxHeading()) {
                edits.replace(h.getOpeningMarker(), marker);
            } else {
                edits.insert(h.getText().getStartOffset(), marker + " ");
                edits.replace(h.getClosingMarker(), "");
            }
        }
        return edits.applyTo(markdown).strip();
    }

    private static void defuse(Document doc, String md, Edits edits) {
        for (Node node : doc.getDescendants()) {
            if (node instanceof HtmlBlockBase || node instanceof HtmlInlineBase) {
                if (!harmless(node)) escapeTags(md, node, edits);
            } else if (node instanceof Code && node.getAncestorOfType(TableCell.class) != null) {
                // GFM splits a table row at every unescaped pipe, inside code too: what is code here is a cell there
                if (unescaped(md, node, '|')) escapeTags(md, node, edits);
            } else if (node instanceof AutoLink link && !linkable(link.getUrl())) {
                edits.insert(node.getStartOffset(), "\\");
            } else if (node instanceof Image || node instanceof ImageRef ref && ref.isDefined()) {
                edits.replace(node.getStartOffset(), node.getStartOffset() + 1, ""); // the "!": a link from now on
            } else if (node instanceof Link link && !linkable(link.getUrl())) {
                edits.replace(node.getStartOffset(), node.getEndOffset(), text(md, link.getText()));
            } else if (node instanceof Reference reference) {
                edits.insert(reference.getOpeningMarker().getStartOffset(), "\\");
            } else if (node instanceof LinkRef ref && ref.isDefined()) {
                Reference reference = ref.getReferenceNode(doc);
                if (reference != null)
                    edits.replace(node.getStartOffset(), node.getEndOffset(), inline(md, ref, reference));
            }
        }
    }

    /**
     * Tags our converter keeps from a page that can do nothing: keyboard keys, variables, sub- and superscripts and line
     * breaks without attributes, and the empty comment it puts between two lists so they stay two.
     */
    private static boolean harmless(Node node) {
        String html = node.getChars().toString().strip();
        if (node instanceof HtmlInline || node instanceof HtmlBlock)
            return HARMLESS_TAG.matcher(html).matches();
        return (node instanceof HtmlInlineComment || node instanceof HtmlCommentBlock) && html.equals("<!-- -->");
    }

    /**
     * A backslash before every {@code <} in the node that could open a tag, a comment or an autolink ({@code <} then a
     * letter, {@code /}, {@code !} or {@code ?}) and is not escaped yet; {@code a < b} stays as it is.
     */
    private static void escapeTags(String md, Node node, Edits edits) {
        for (int i = node.getStartOffset(); i < node.getEndOffset() - 1; i++) {
            char next = md.charAt(i + 1);
            boolean opens = next < 128 && Character.isLetter(next) || next == '/' || next == '!' || next == '?';
            if (md.charAt(i) == '<' && opens && !escaped(md, i)) edits.insert(i, "\\");
        }
    }

    private static boolean unescaped(String md, Node node, char c) {
        for (int i = node.getStartOffset(); i < node.getEndOffset(); i++) {
            if (md.charAt(i) == c && !escaped(md, i)) return true;
        }
        return false;
    }

    /** Whether the character at {@code i} has an odd number of backslashes right before it. */
    private static boolean escaped(String md, int i) {
        int backslashes = 0;
        while (i - backslashes > 0 && md.charAt(i - backslashes - 1) == '\\') backslashes++;
        return backslashes % 2 == 1;
    }

    /** {@code [text][ref]} as {@code [text](destination)}: the link survives its definition being turned into text. */
    private static String inline(String md, RefNode ref, Reference reference) {
        BasedSequence text =
                ref.isReferenceTextCombined() || ref.getText().isEmpty() ? ref.getReference() : ref.getText();
        BasedSequence open = reference.getUrlOpeningMarker();
        BasedSequence close = reference.getUrlClosingMarker();
        int from = open.isNotNull() ? open.getStartOffset() : reference.getUrl().getStartOffset();
        int to = close.isNotNull() ? close.getEndOffset() : reference.getUrl().getEndOffset();
        return "[" + text(md, text) + "](" + md.substring(from, to) + ")";
    }

    /** Whether a link's destination, read as a browser reads it, is a web address or an e-mail address. */
    static boolean linkable(CharSequence destination) {
        String decoded = Escaping.unescapeString(destination); // backslash escapes and character references
        StringBuilder seen = new StringBuilder(decoded.length());
        for (int i = 0; i < decoded.length(); i++) {
            char c = decoded.charAt(i);
            if (c > ' ' && c != '\u007F') seen.append(c); // browsers drop tabs and line breaks anywhere in a URL
        }
        return LINKABLE.matcher(seen).lookingAt();
    }

    private static String text(String md, BasedSequence part) {
        return part.isNull() ? "" : md.substring(part.getStartOffset(), part.getEndOffset());
    }

    /** A fence still open at the end would hold everything after the page in the report: close it. */
    private static String closeFence(String md) {
        for (Parser viewer : VIEWERS) {
            if (viewer.parse(md).getLastChild() instanceof FencedCodeBlock fence
                    && fence.getClosingMarker().isEmpty()) {
                return md + "\n" + fence.getOpeningMarker();
            }
        }
        return md;
    }

    /** The whole page as one code block, with a fence longer than any run of backticks in it. */
    private static String asCode(String markdown) {
        int longest = 0;
        for (int i = 0, run = 0; i < markdown.length(); i++) {
            run = markdown.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(Math.max(3, longest + 1));
        return fence + "\n" + markdown + "\n" + fence;
    }

    /** Changes to one version of the text, by offset; a change inside one already taken waits for the next round. */
    private static final class Edits {

        private record Edit(int start, int end, String text) {}

        private final Set<Edit> edits = new LinkedHashSet<>();

        void insert(int at, String text) {
            edits.add(new Edit(at, at, text));
        }

        void replace(int start, int end, String text) {
            edits.add(new Edit(start, end, text));
        }

        void replace(BasedSequence part, String text) {
            if (part.isNotNull()) replace(part.getStartOffset(), part.getEndOffset(), text);
        }

        boolean isEmpty() {
            return edits.isEmpty();
        }

        String applyTo(String md) {
            List<Edit> sorted = new ArrayList<>(edits);
            sorted.sort(Comparator.comparingInt(Edit::start)
                    .thenComparing(Comparator.comparingInt(Edit::end).reversed()));
            StringBuilder out = new StringBuilder(md.length() + 16);
            int done = 0;
            for (Edit e : sorted) {
                if (e.start() < done) continue;
                out.append(md, done, e.start()).append(e.text());
                done = e.end();
            }
            return out.append(md, done, md.length()).toString();
        }
    }
}
