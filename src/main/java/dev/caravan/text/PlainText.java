package dev.caravan.text;

import java.util.regex.Pattern;

/** Turns Markdown into the plain text a reader sees, for excerpts and quoted sentences. Stateless. */
public final class PlainText {

    private static final Pattern FENCE = Pattern.compile("(?ms)^(```|~~~).*?^\\1[^\\n]*$");
    private static final Pattern IMAGE = Pattern.compile("!\\[([^\\]]*)]\\([^)]*\\)");
    private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)]\\([^()]*+(?:\\([^)]*\\)[^()]*+)*\\)");
    private static final Pattern REF_LINK = Pattern.compile("\\[([^\\]]+)]\\[[^\\]]*]");
    private static final Pattern AUTOLINK = Pattern.compile("<(https?://[^>]+)>");
    private static final Pattern HEADING = Pattern.compile("(?m)^\\s{0,3}#{1,6}\\s+");
    private static final Pattern QUOTE = Pattern.compile("(?m)^[ \\t]{0,3}>[> \\t]*+");
    private static final Pattern BULLET = Pattern.compile("(?m)^\\s*([-*+]|\\d+[.)])\\s+");
    private static final Pattern TABLE_RULE = Pattern.compile("(?m)^\\s*\\|?\\s*:?-{3,}.*$");
    private static final Pattern HR = Pattern.compile("(?m)^\\s*([-*_]\\s*){3,}$");
    private static final Pattern EMPHASIS = Pattern.compile("(\\*\\*|\\*|~~|`)(?=\\S)(.+?)(?<=\\S)\\1");
    /** Underscores emphasise only at word edges: {@code snake_case_names} stays as it is (CommonMark). */
    private static final Pattern UNDERSCORE =
            Pattern.compile("(?<![\\p{L}\\p{N}_])(__|_)(?=\\S)(.+?)(?<=\\S)\\1(?![\\p{L}\\p{N}_])");
    /** Reference markers such as Wikipedia's {@code [3]} (flexmark writes {@code ^[3]^}); they would read as citations. */
    private static final Pattern FOOTNOTE = Pattern.compile("(?<=\\S)\\^?\\[\\d{1,3}]\\^?");
    private static final Pattern SUPERSCRIPT = Pattern.compile("\\^([^\\s^][^^\\n]*?)\\^");
    private static final Pattern ESCAPE = Pattern.compile("\\\\([\\\\`*_{}\\[\\]()#+\\-.!|>])");

    /** Escaped characters are moved to the private-use area while markup is stripped, so they stay literal. */
    private static final char PROTECTED = '\uE000';

    private PlainText() {}

    private static String unprotect(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            b.append(c >= PROTECTED && c < PROTECTED + 128 ? (char) (c - PROTECTED) : c);
        }
        return b.toString();
    }

    /** Plain text of {@code markdown}, paragraphs separated by blank lines, code blocks dropped. */
    public static String of(String markdown) {
        if (markdown == null || markdown.isEmpty()) return "";
        String text = FENCE.matcher(markdown).replaceAll("");
        text = ESCAPE.matcher(text).replaceAll(m -> String.valueOf((char) (PROTECTED + m.group(1).charAt(0))));
        text = IMAGE.matcher(text).replaceAll("$1");
        text = LINK.matcher(text).replaceAll("$1");
        text = REF_LINK.matcher(text).replaceAll("$1");
        text = AUTOLINK.matcher(text).replaceAll("$1");
        text = TABLE_RULE.matcher(text).replaceAll("");
        text = HR.matcher(text).replaceAll("");
        text = HEADING.matcher(text).replaceAll("");
        text = QUOTE.matcher(text).replaceAll("");
        text = BULLET.matcher(text).replaceAll("");
        for (int pass = 0; pass < 2; pass++) {
            text = EMPHASIS.matcher(text).replaceAll("$2");
            text = UNDERSCORE.matcher(text).replaceAll("$2");
        }
        text = unprotect(text);
        text = FOOTNOTE.matcher(text).replaceAll("");
        text = SUPERSCRIPT.matcher(text).replaceAll("$1");
        text = text.replace('|', ' ').replace('\u00a0', ' ');
        return text.replaceAll("[ \\t]+", " ").replaceAll("(?m)^ | $", "").replaceAll("\\n{3,}", "\n\n").strip();
    }

    /** At most {@code max} characters of the plain text, cut at a word boundary with an ellipsis. */
    public static String excerpt(String markdown, int max) {
        String text = of(markdown).replaceAll("\\s+", " ").strip();
        if (text.length() <= max) return text;
        int cut = text.lastIndexOf(' ', max - 1);
        return text.substring(0, cut > max / 2 ? cut : max - 1) + "…";
    }
}
