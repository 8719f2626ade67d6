package dev.caravan.report;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Writes text from outside (page metadata, passages, URLs, the provider's answer, the job's own words, a server's
 * error text) into report Markdown so that it renders as exactly that text: never as a tag, a link, a heading or any
 * other structure. Escaping is Markdown's own (a backslash before each character that could mean something), so a
 * viewer shows the original characters. Stateless.
 */
final class MarkdownText {

    /** Characters that can start Markdown (or GitHub's flavour of it) anywhere in a line. */
    private static final String SPECIAL = "\\`*_[]<>#|~";
    /** An ordered list marker at the start of a line: up to nine digits and a dot or a parenthesis. */
    private static final Pattern ORDERED_MARKER = Pattern.compile("^\\d{1,9}[.)]");
    /** The only URLs printed as links. */
    private static final Pattern WEB = Pattern.compile("(?i)https?://");
    /** ASCII characters a URL may hold as they are; anything else is percent-encoded before it is printed. */
    private static final String URL_SAFE =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%";
    /** The same for a path relative to the report: no scheme, no query, nothing to escape. */
    private static final String PATH_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/";

    private static final String HEX = "0123456789ABCDEF";

    private MarkdownText() {}

    /**
     * The text as one line of inline Markdown: line breaks, control characters and runs of white space become one
     * space, so it cannot start a block of its own; every character Markdown could read as markup is escaped.
     */
    static String inline(@Nullable String text) {
        String line = oneLine(text);
        StringBuilder out = new StringBuilder(line.length() + 8);
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            boolean entity = c == '&' && i + 1 < line.length() && isEntityStart(line.charAt(i + 1));
            if (SPECIAL.indexOf(c) >= 0 || entity) out.append('\\');
            out.append(c);
        }
        if (!out.isEmpty() && "-+=".indexOf(out.charAt(0)) >= 0) {
            out.insert(0, '\\'); // a list item, or a heading underline under the line before
        } else if (ORDERED_MARKER.matcher(out).lookingAt()) {
            int marker = 0;
            while (Character.isDigit(out.charAt(marker))) marker++;
            out.insert(marker, '\\');
        }
        return out.toString();
    }

    /**
     * The text as lines of inline Markdown, for a quote: each line escaped as by {@link #inline}, split at every line
     * ending a viewer might see ({@code \r} alone included), blank lines kept as one empty line between paragraphs.
     */
    static List<String> lines(@Nullable String text) {
        List<String> lines = new ArrayList<>();
        if (text == null) return lines;
        for (String raw : text.split("\r\n|[\n\r\u000B\f\u0085\u2028\u2029]")) {
            String line = inline(raw);
            if (!line.isEmpty()
                    || !lines.isEmpty() && !lines.get(lines.size() - 1).isEmpty()) lines.add(line);
        }
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) lines.remove(lines.size() - 1);
        return lines;
    }

    /**
     * A URL that cannot be broken out of: percent-encoded where it holds anything but URL characters, then an autolink
     * ({@code <https://...>}) when it is http or https, else a code span, never a link.
     */
    static String url(@Nullable String url) {
        String encoded = percentEncoded(oneLine(url), URL_SAFE);
        return WEB.matcher(encoded).lookingAt() ? "<" + encoded + ">" : code(encoded);
    }

    /** A link to a file the report wrote beside itself, named by its path relative to the report. */
    static String relativeLink(String path) {
        return "[" + inline(path) + "](" + percentEncoded(path, PATH_SAFE) + ")";
    }

    /**
     * The text as a code span, with a fence of more backticks than any run inside it. Raw HTML outranks a code span
     * ({@code `<a href="`">`} is a tag), so a text with a {@code <} in it is escaped as inline text instead.
     */
    static String code(@Nullable String text) {
        String line = oneLine(text);
        if (line.isEmpty() || line.indexOf('<') >= 0) return inline(line);
        int longest = 0;
        for (int i = 0, run = 0; i < line.length(); i++) {
            run = line.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(longest + 1);
        String pad = line.startsWith("`") || line.endsWith("`") ? " " : "";
        return fence + pad + line + pad + fence;
    }

    /** Line breaks, control characters and runs of white space as one space; no space at either end. */
    static String oneLine(@Nullable String text) {
        if (text == null) return "";
        StringBuilder out = new StringBuilder(text.length());
        boolean space = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c)) { // no-break spaces are text: they stay
                space = !out.isEmpty();
            } else {
                if (space) out.append(' ');
                space = false;
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean isEntityStart(char c) {
        return c == '#' || c < 128 && Character.isLetterOrDigit(c);
    }

    private static String percentEncoded(String text, String safe) {
        StringBuilder out = new StringBuilder(text.length());
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xFF;
            if (c < 128 && safe.indexOf(c) >= 0) out.append((char) c);
            else out.append('%').append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 0xF));
        }
        return out.toString();
    }
}
