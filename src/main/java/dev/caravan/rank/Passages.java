package dev.caravan.rank;

import dev.caravan.model.Passage;
import dev.caravan.model.TextBlock;
import dev.caravan.model.TextBlock.Kind;
import dev.caravan.text.Sentences;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The quotable passages of a page: its sentences that can stand alone as a finding, and its short list items, table
 * rows (with their header row as context: the row the page marks as a header, none in a two-column key/value table,
 * else the first row; {@link Table}), lines of code (with what introduces them: the comment above a line, else
 * the block's lead-in or heading and the line opening the block it sits in; a command's output told apart,
 * {@link CodeLines}; what a command printed read with the command), headings of a few words and "Label: value" lines,
 * each whole. A sentence ending in a colon shows what it introduces when it is quoted: a short code block ("... like
 * this:" then the code), the next paragraph's first sentence, or a list's first items. Not quotable: questions, short
 * lead-ins ending in a colon ("Here is how:"), fragments of prose, calls to action, generic openers, and a code block's
 * one-word label ("js"). A sentence that leans on the one before it ("It costs $12 a month.") is quoted together with
 * that sentence, verbatim and in order, when both are in one paragraph, and not at all when it opens its paragraph.
 * Stateless.
 */
final class Passages {

    static final int MIN_WORDS = 6;
    static final int MAX_WORDS = 80;
    /** A sentence ending in a colon that is shorter than this only introduces what follows ("Here is how:"). */
    static final int LEAD_IN_WORDS = 12;
    /** A list item of at most this many words is quoted whole, as one answer, even when it has several sentences. */
    static final int ITEM_WORDS = 25;
    /** Most words of a label in a "Label: value" line. */
    static final int LABEL_WORDS = 5;
    /** Most words of a heading that is quoted. */
    static final int HEADING_WORDS = 20;
    /**
     * Longest line of code quoted: a log or error line ("RuntimeError: Detected that custom integration ... calls
     * async_create_task from a thread ...") often runs past 200 characters; minified code runs to thousands. Measured
     * (answer@5, forms2, 2026-11-27): 0.646 at 200, 0.667 at 400 with the model, 0.458 and 0.479 lexical-only; tune,
     * forms and check the same in both modes.
     */
    static final int CODE_LINE_CHARS = 400;
    /**
     * Longest passage quoted, in characters: a few words can hide a blob (a data URI, a hash, minified code in a cell).
     * The longest candidate on both halves of the research kit is 907 characters, the longest answer 418.
     */
    static final int MAX_CHARS = 1_200;
    /**
     * Most lines of a code block quoted whole with the sentence that introduces it ("Thus, this function returns 2:"
     * then a function of four lines), besides each line on its own.
     */
    static final int SHORT_BLOCK_LINES = 5;
    /** Most items of a list shown after the sentence that introduces it. */
    static final int SHOWN_ITEMS = 3;
    /** Longest value a command printed that is quoted alone on its line ({@link #printedValue}). */
    private static final int PRINTED_VALUE_CHARS = 40;
    /** Longest code block label ({@link #codeLabel}). */
    private static final int CODE_LABEL_CHARS = 16;
    /** A code block's label: one word, no sentence end. */
    private static final Pattern CODE_LABEL = Pattern.compile("[\\p{L}][\\p{L}\\d+#.-]*");
    /** The longest lead-in or heading a line of code is read with together with the line opening its block. */
    private static final int CODE_CONTEXT_CHARS = 300;

    /**
     * A line of code of one token that still says something: it assigns ({@code REDIS_PRIMARY_SERVICE_HOST=10.0.0.11}),
     * calls ({@code console.log(total)}) or gives an element its value ({@code <Nullable>enable</Nullable>}).
     */
    private static final Pattern ONE_TOKEN_STATEMENT = Pattern.compile("[\\w\\]\"')]=|\\w\\(|>[^<>]+</");

    private static final Pattern LABEL = Pattern.compile("([^:]{1,40}):\\s+\\S.*");

    /** Words that make a sentence refer back to the one before it. */
    private static final Pattern LEANS_BACK = Pattern.compile(
            "^[\"“(]?(?:[A-Z][a-z]+, (?:this|that|these|those|it|they)\\b|It|Its|It's|It’s|They|Their|Them|He|His|She|Her|"
                    + "This|That|These|Those|Such|However|But|And|Or|So|Also|Therefore|Thus|Hence|Instead|Otherwise|Similarly|"
                    + "Likewise|Additionally|Moreover|Furthermore|Meanwhile|Still|Yet|Then|Here|There|Both|Neither|Either|"
                    + "The latter|The former|In addition|In contrast|In turn|In fact|As a result|For example|For instance|"
                    + "On the other hand|Even so|Because of this)\\b");
    /** Calls to action and page furniture, not statements about the topic. */
    private static final Pattern CALL_TO_ACTION = Pattern.compile(
            "^(?:Click|Tap|Sign up|Sign in|Log in|Login|Subscribe|"
                    + "Register|Download|Shop|Buy|Order now|Add to|Learn more|Read more|See more|Find out more|Get started|"
                    + "Join|Follow us|Share|Contact us|Call us|Book now|Request a|Check out|Don't miss|Don’t miss|"
                    + "Stay up to date|Get the latest|Sponsored|Advertisement|Copyright|All rights reserved)\\b",
            Pattern.CASE_INSENSITIVE);
    /** Openers that announce content instead of stating it. */
    private static final Pattern GENERIC_OPENER = Pattern.compile(
            "^(?:In this (?:article|post|guide|blog|tutorial|"
                    + "video|section|review)|Welcome to|Thanks? (?:you )?for|We hope|Here's (?:what|how|everything)|"
                    + "Here’s (?:what|how|everything)|Read on|Keep reading|Let's|Let’s|Scroll down|Below,? (?:we|you))\\b",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern ENDS_AS_STATEMENT = Pattern.compile("[.!:][\"'”’)\\]]*$");
    /** The end of a sentence, not a lead-in: a full stop or exclamation mark, then closing quotes or brackets. */
    private static final Pattern ENDS_AS_SENTENCE = Pattern.compile("[.!][\"'”’)\\]]*$");

    private Passages() {}

    /** Every quotable passage of {@code blocks}, in page order. */
    static List<Passage> of(List<TextBlock> blocks) {
        List<Passage> passages = new ArrayList<>();
        int position = 0;
        String heading = "";
        String leadIn = ""; // the sentence ending in a colon just before a list, a table or code: it introduces them
        Kind introduced = null; // the kind of block the lead-in introduces: the first after it
        int leadInPassage = -1; // the lead-in's own passage, until the block right after it is read: it shows that
        String tableHeader = "";
        int headerCells = 0;
        Table table = Table.FIRST_ROW_HEADER;
        String endsWithCommand = null; // the command typed at a prompt that the code block before ended with
        for (int b = 0; b < blocks.size(); b++) {
            TextBlock block = blocks.get(b);
            Kind kind = block.kind();
            String text = block.text();
            if (codeLabel(blocks, b)) continue; // "js" over a code block names its language: the lead-in goes on
            String afterCommand = endsWithCommand; // the block before is code ending with a command at a prompt
            endsWithCommand = null;
            if (kind != Kind.TABLE_ROW) tableHeader = "";
            if (introduced == null) introduced = kind;
            else if (kind != introduced) leadIn = ""; // the list, table or code it introduced has ended
            if (leadInPassage
                    >= 0) { // the lead-in quoted alone says "like this:" and stops: it shows what it introduces
                Passage lead = passages.get(leadInPassage);
                String shown = introduced(blocks, b, lead.text().length());
                if (!shown.isEmpty()) passages.set(leadInPassage, lead.showing(shown));
                leadInPassage = -1;
            }
            if (labelOfNext(blocks, b)) { // "Care instructions:" then "Machine wash at 30 °C": one label line
                String line = text + " " + blocks.get(b + 1).text();
                passages.add(new Passage(
                        line, heading, position++, 0, blocks.get(b + 1).kind(), heading));
                leadIn = "";
                b++;
                continue;
            }
            switch (kind) {
                case HEADING -> {
                    heading = text;
                    leadIn = "";
                    if (standsAsHeading(text)) passages.add(new Passage(text, "", position++, 0, kind, ""));
                }
                case CODE -> {
                    String context = leadIn.isEmpty() ? heading : leadIn;
                    // a block right after a typed command may be what it printed, set apart from it
                    List<CodeLines.Line> lines = CodeLines.of(text, afterCommand);
                    endsWithCommand = CodeLines.promptedCommand(lines);
                    Map<String, String> joined = new HashMap<>(); // the block's lines share each context string
                    // a comment quoted alone says what the line under it does, without the line: it shows the lines
                    // after it down to that line, the page's own (pending: comment passage -> its place in the block)
                    Map<Integer, Integer> pending = new HashMap<>();
                    for (int i = 0; i < lines.size(); i++) {
                        CodeLines.Line line = lines.get(i);
                        if (!line.remark()) {
                            for (Map.Entry<Integer, Integer> c : pending.entrySet()) {
                                Passage commented = passages.get(c.getKey());
                                if (!line.comment().contains(commented.text())) continue;
                                List<String> shown = new ArrayList<>();
                                for (int k = c.getValue() + 1; k <= i; k++)
                                    shown.add(lines.get(k).text());
                                String below = String.join("\n", shown);
                                if (commented.text().length() + 1 + below.length() <= MAX_CHARS)
                                    passages.set(c.getKey(), commented.showing(below));
                            }
                            pending.clear();
                        }
                        if (!codeLine(line.text()) && !printedValue(line)) continue;
                        String around = codeContext(line, context, joined);
                        passages.add(new Passage(line.text(), heading, position++, 0, kind, around, line.output()));
                        if (line.remark()) pending.put(passages.size() - 1, i);
                    }
                }
                case TABLE_ROW -> {
                    if (b == 0 || blocks.get(b - 1).kind() != Kind.TABLE_ROW) table = Table.of(blocks, b);
                    int cells = cells(text);
                    String context;
                    boolean isHeader = false;
                    if (table == Table.KEY_VALUE) {
                        context = leadIn.isEmpty() ? heading : leadIn;
                    } else {
                        // a row too long to quote names no columns: it is data, whatever its place
                        isHeader = table == Table.MARKED ? block.header() : tableHeader.isEmpty() && shortItem(text);
                        context = !isHeader && !tableHeader.isEmpty() && cells == headerCells ? tableHeader : leadIn;
                        if (isHeader) {
                            tableHeader = text;
                            headerCells = cells;
                        }
                    }
                    if (shortItem(text)) passages.add(new Passage(text, heading, position++, 0, kind, context));
                    else if (!isHeader)
                        position = quoteCells(
                                text, context.equals(tableHeader) ? tableHeader : "", heading, position, passages);
                }
                case LIST_ITEM -> {
                    String context = leadIn.isEmpty() ? heading : leadIn;
                    if (shortItem(text)
                            && (words(text) <= ITEM_WORDS
                                    || Sentences.spans(text).size() == 1)) {
                        passages.add(new Passage(text, heading, position++, 0, kind, context));
                    } else {
                        position = sentences(text, kind, heading, position, passages);
                    }
                }
                default -> {
                    int before = passages.size();
                    if (labelLine(text)) passages.add(new Passage(text, heading, position++, 0, kind, ""));
                    else position = sentences(text, kind, heading, position, passages);
                    if (passages.size() == before && shortLine(text)) {
                        passages.add(new Passage(text, heading, position++, 0, kind, ""));
                    }
                    leadIn = text.endsWith(":") ? lastSentence(text) : "";
                    leadInPassage = !leadIn.isEmpty()
                                    && passages.size() > before
                                    && passages.get(passages.size() - 1).text().endsWith(leadIn)
                            ? passages.size() - 1
                            : -1;
                    introduced = null;
                }
            }
        }
        return passages;
    }

    /**
     * Whether block {@code b} is a code block's label: one word of prose ("js", "bash", "Copy") right before the block,
     * which many documentation pages show above their code. It neither ends a lead-in nor is quoted.
     */
    private static boolean codeLabel(List<TextBlock> blocks, int b) {
        TextBlock block = blocks.get(b);
        return block.kind() == Kind.PARAGRAPH
                && b + 1 < blocks.size()
                && blocks.get(b + 1).kind() == Kind.CODE
                && block.text().length() <= CODE_LABEL_CHARS
                && CODE_LABEL.matcher(block.text()).matches();
    }

    /**
     * What a lead-in of {@code leadInChars} characters shows of block {@code b}, right after it: a code block whole
     * when it is short ({@link #shortBlock}), the paragraph's first sentence (a statement of {@value #MIN_WORDS} words
     * or more ending in a full stop or an exclamation mark, not a call to action), or the first {@value #SHOWN_ITEMS}
     * items of the list, as many of them as keep the lead-in and what it shows within the longest passage
     * ({@value #MAX_CHARS} characters); else nothing (a heading, a table).
     */
    private static String introduced(List<TextBlock> blocks, int b, int leadInChars) {
        TextBlock block = blocks.get(b);
        List<String> shown = new ArrayList<>();
        if (block.kind() == Kind.CODE) {
            if (shortBlock(block.text())) shown.add(block.text().strip());
        } else if (block.kind() == Kind.PARAGRAPH || block.kind() == Kind.QUOTE) {
            List<int[]> spans = Sentences.spans(block.text());
            String first = spans.isEmpty() ? "" : block.text().substring(spans.get(0)[0], spans.get(0)[1]);
            // a statement, not a caption ("Severe Driving Conditions"), an ellipsis, a question, a call to action or
            // another lead-in ("The Concept:")
            if (words(first) >= MIN_WORDS
                    && ENDS_AS_SENTENCE.matcher(first).find()
                    && !CALL_TO_ACTION.matcher(first).find()) shown.add(first);
        } else if (block.kind() == Kind.LIST_ITEM) {
            for (int i = b;
                    i < blocks.size() && i < b + SHOWN_ITEMS && blocks.get(i).kind() == Kind.LIST_ITEM;
                    i++) shown.add(blocks.get(i).text().strip());
        }
        int room = MAX_CHARS - leadInChars;
        List<String> fits = new ArrayList<>();
        for (String part : shown) {
            room -= 1 + part.length(); // and the line break before it
            if (room < 0) break;
            fits.add(part);
        }
        return String.join("\n", fits);
    }

    /** Whether a code block is short enough to show whole after a lead-in: {@value #SHORT_BLOCK_LINES} lines at most. */
    private static boolean shortBlock(String block) {
        return block.strip().lines().filter(l -> !l.isBlank()).count() <= SHORT_BLOCK_LINES;
    }

    /**
     * A value a command printed, alone on its line ({@code 479001600} after {@code >>> factorial(12)}): too short to
     * be a line of code worth quoting, but the answer to "what does it print", read with the command.
     */
    private static boolean printedValue(CodeLines.Line line) {
        return line.output()
                && !line.enclosing().isEmpty()
                && line.text().length() >= 2
                && line.text().length() <= PRINTED_VALUE_CHARS
                && line.text().chars().anyMatch(Character::isLetterOrDigit);
    }

    /** Which rows of a table are its header rows, decided once for each run of table rows. */
    enum Table {
        /** The page marks its header rows ({@code th}, {@code thead}): each heads the rows under it. */
        MARKED,
        /**
         * Nothing marked, and every row has two cells: a key and its value ("Lamp Life | 25,000 Hrs"), as in a
         * specification table. No row is a header: each stands alone, with the heading or lead-in as its context.
         */
        KEY_VALUE,
        /** Nothing marked, rows of other widths: the first row is taken for the header. */
        FIRST_ROW_HEADER;

        /** How the run of table rows that starts at block {@code start} is read. */
        static Table of(List<TextBlock> blocks, int start) {
            boolean twoCells = true;
            for (int b = start; b < blocks.size() && blocks.get(b).kind() == Kind.TABLE_ROW; b++) {
                if (blocks.get(b).header()) return MARKED;
                if (cells(blocks.get(b).text()) != 2) twoCells = false;
            }
            return twoCells ? KEY_VALUE : FIRST_ROW_HEADER;
        }
    }

    private static int cells(String row) {
        return cellsOf(row).length;
    }

    /** The cells of a table row, as the extractor joins them: " | " between. */
    private static String[] cellsOf(String row) {
        return row.split(" \\| ", -1);
    }

    /**
     * Whether block {@code b} is a label ("Care instructions:") whose value is the next block, as in a definition list
     * or a grid of label and value cells: a few words ending in a colon, then a short block of the same kind that is
     * not itself a label, then no third such block (a lead-in followed by a list of items is not a label).
     */
    private static boolean labelOfNext(List<TextBlock> blocks, int b) {
        if (b + 1 >= blocks.size()) return false;
        TextBlock label = blocks.get(b);
        TextBlock value = blocks.get(b + 1);
        if (label.kind() != Kind.LIST_ITEM && label.kind() != Kind.PARAGRAPH) return false;
        if (value.kind() != label.kind() || codeLabel(blocks, b + 1)) return false;
        String l = label.text();
        if (!l.endsWith(":") || words(l) > LABEL_WORDS || l.length() < 3) return false;
        String v = value.text();
        if (v.endsWith(":") || words(v) > ITEM_WORDS || !shortItem(l + " " + v)) return false;
        if (b + 2 < blocks.size()) {
            TextBlock third = blocks.get(b + 2);
            if (third.kind() == label.kind() && !third.text().endsWith(":")) return false;
        }
        return true;
    }

    private static String lastSentence(String text) {
        List<int[]> spans = Sentences.spans(text);
        if (spans.isEmpty()) return "";
        int[] last = spans.get(spans.size() - 1);
        return text.substring(last[0], last[1]);
    }

    /**
     * The cells of a table row too long to quote whole (a comparison table whose columns are products and whose cells
     * are sentences), each quoted whole when short enough, with its column's header cell as context, after the row's
     * first cell when that is a label of a few words ("Scaling up | Zoho CRM"). Returns the next position.
     */
    private static int quoteCells(String row, String header, String heading, int position, List<Passage> passages) {
        String[] cells = cellsOf(row);
        String[] heads = header.isEmpty() ? new String[0] : cellsOf(header);
        String rowLabel = cells.length > 1 && words(cells[0]) <= LABEL_WORDS ? cells[0].strip() : "";
        for (int i = 0; i < cells.length; i++) {
            String cell = cells[i].strip();
            if (cell.isEmpty() || !shortItem(cell) || (i == 0 && !rowLabel.isEmpty())) continue;
            String head = i < heads.length ? heads[i].strip() : "";
            String context = i > 0 && !rowLabel.isEmpty() && !head.isEmpty() ? rowLabel + " | " + head : head;
            passages.add(new Passage(cell, heading, position++, 0, Kind.TABLE_ROW, context));
        }
        return position;
    }

    /** The quotable sentences of one block of prose (or of a long list item); returns the next position. */
    private static int sentences(String text, Kind kind, String heading, int position, List<Passage> passages) {
        List<int[]> spans = Sentences.spans(text);
        for (int i = 0; i < spans.size(); i++, position++) {
            String sentence = text.substring(spans.get(i)[0], spans.get(i)[1]);
            if (!LEANS_BACK.matcher(sentence).find()) {
                if (quotable(sentence, kind)) passages.add(new Passage(sentence, heading, position, 0, kind, ""));
            } else if (i > 0) { // else what it leans on is not in this paragraph: not quotable
                String pair = text.substring(spans.get(i - 1)[0], spans.get(i)[1]);
                if (quotable(pair, kind, MAX_WORDS + MAX_WORDS / 2)) {
                    passages.add(new Passage(pair, heading, position, 0, kind, ""));
                }
            }
        }
        return position;
    }

    /**
     * A list item or table row short enough to quote whole: a few words of content (a price, a name, a spec) are an
     * answer there, with no need to be a sentence.
     */
    private static boolean shortItem(String text) {
        if (text.length() > MAX_CHARS) return false;
        int words = words(text);
        if (words < 2 || words > MAX_WORDS) return false;
        if (CALL_TO_ACTION.matcher(text).find()) return false;
        long content = text.chars().filter(Character::isLetterOrDigit).count();
        return content * 2 >= text.replace(" | ", "").length();
    }

    /**
     * A paragraph that is one short line and not a sentence, ending in no full stop ("Specializations and professional certificates $49/month",
     * "Weightlifter's Shoulder (Distal Clavicular Osteolysis)"): a caption, a price line or a name, quoted whole like a
     * list item when nothing else of it can be quoted.
     */
    static boolean shortLine(String text) {
        int words = words(text);
        return words >= 3
                && words <= HEADING_WORDS
                && !ENDS_AS_STATEMENT.matcher(text).find()
                && !text.endsWith("?")
                && shortItem(text);
    }

    /**
     * A sentence (or two) of a paragraph or quote, as against a row, item, line of code, heading, or a paragraph's
     * "Label: value" or short line ("Weightlifter's Shoulder (Distal Clavicular Osteolysis)").
     */
    static boolean prose(Passage p) {
        return (p.kind() == Kind.PARAGRAPH || p.kind() == Kind.QUOTE)
                && ENDS_AS_SENTENCE.matcher(p.text()).find();
    }

    /** A "Label: value" line: a short label, a colon, then what it labels ("Weight: 1.2 kg"). */
    static boolean labelLine(String text) {
        Matcher m = LABEL.matcher(text);
        return m.matches() && words(m.group(1)) <= LABEL_WORDS && shortItem(text);
    }

    /** A heading that says something: a few words at least ("Step 1: Stop & Stare"), not a call to action. */
    static boolean standsAsHeading(String text) {
        int words = words(text);
        return words >= 3
                && words <= HEADING_WORDS
                && text.length() <= MAX_CHARS
                && !CALL_TO_ACTION.matcher(text).find()
                && !text.endsWith("?");
    }

    /**
     * What a line of code is read with: the comment above it, which says what it does in words closer than the
     * block's lead-in; else {@code context} (the lead-in or the heading) and the line opening the block or section it
     * sits in ("[Service]", "annotations:"), which says where it sits; a context over {@value #CODE_CONTEXT_CHARS}
     * characters alone. Each joined context is made once per block ({@code joined}, by enclosing line), so a long
     * lead-in over many lines of code is not copied for each. Measured in docs/benchmarks.md ("forms3").
     */
    private static String codeContext(CodeLines.Line line, String context, Map<String, String> joined) {
        if (!line.comment().isEmpty()) return line.comment();
        if (line.enclosing().isEmpty() || context.length() > CODE_CONTEXT_CHARS) return context;
        if (context.isEmpty()) return line.enclosing();
        return joined.computeIfAbsent(line.enclosing(), enclosing -> context + "\n" + enclosing);
    }

    /**
     * A line of code worth quoting: a command or a statement of two words or more, or of one token that assigns, calls
     * or gives an element its value ({@link #ONE_TOKEN_STATEMENT}); not a brace, a blank or a lone keyword. Measured
     * (answer@5 with the model on bench/research/plan-forms2.json, 2026-11-27): 0.521 with two words at least, 0.542
     * with one-token statements too (tune, forms and check unchanged with the four code rules of that day together).
     */
    static boolean codeLine(String line) {
        if (line.length() < 3 || line.length() > CODE_LINE_CHARS) return false;
        long letters = line.chars().filter(Character::isLetter).count();
        if (words(line) == 1)
            return letters >= 4
                    && line.length() >= 6
                    && ONE_TOKEN_STATEMENT.matcher(line).find();
        return letters >= 2;
    }

    static boolean quotable(String s, Kind kind) {
        return quotable(s, kind, MAX_WORDS);
    }

    private static boolean quotable(String s, Kind kind, int maxWords) {
        if (kind == Kind.HEADING || kind == Kind.CODE || s.length() > MAX_CHARS) return false;
        int words = words(s);
        if (words < MIN_WORDS || words > maxWords) return false;
        if (s.endsWith("?") || s.endsWith("?\"") || s.endsWith("?”")) return false;
        if (s.endsWith(":") && words < LEAD_IN_WORDS) return false;
        char first = s.charAt(0);
        if (!(Character.isUpperCase(first) || Character.isDigit(first) || "\"“‘'($£€".indexOf(first) >= 0))
            return false;
        boolean prose = kind == Kind.PARAGRAPH || kind == Kind.QUOTE;
        if (prose && !ENDS_AS_STATEMENT.matcher(s).find()) return false;
        if (CALL_TO_ACTION.matcher(s).find() || GENERIC_OPENER.matcher(s).find()) return false;
        long letters = s.chars().filter(Character::isLetter).count();
        return letters * 10 >= s.length() * 6L;
    }

    static int words(String s) {
        int n = 0;
        boolean in = false;
        for (int i = 0; i < s.length(); i++) {
            boolean space = Character.isWhitespace(s.charAt(i));
            if (!space && !in) n++;
            in = !space;
        }
        return n;
    }
}
