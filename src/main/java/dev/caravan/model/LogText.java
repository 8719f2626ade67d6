package dev.caravan.model;

import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Makes untrusted text (a query, a URL, a title, a file name, a provider's message) safe to put in a log line: it
 * cannot end the line (so it cannot forge the next one) nor steer the console. Line breaks, tabs, every other C0 and
 * C1 control (ESC included), DEL, U+2028 and U+2029, format characters such as bidi overrides and zero-width spaces,
 * and lone surrogates become visible escapes ({@code \n}, {@code \u001b}); other text stays as it is. The result is
 * cut to a length (then ends with {@code …}), never inside an escape or a character. Stateless.
 */
public final class LogText {

    /** Most characters of one piece of untrusted text in a log line. */
    public static final int MAX_CHARS = 400;

    private LogText() {}

    /** A count with its noun in the right number: {@code 1 query}, {@code 0 queries}, {@code 3 queries}. */
    public static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }

    /** {@code text} safe for a log line, cut to {@value #MAX_CHARS} characters; empty for null. */
    public static String safe(@Nullable String text) {
        return safe(text, MAX_CHARS);
    }

    /** {@code text} in double quotes, with {@code "} and {@code \} escaped too, safe for a log line: {@code "a\nb"}. */
    public static String quoted(@Nullable String text) {
        return "\"" + safe(text == null ? "" : text.replace("\\", "\\\\").replace("\"", "\\\""), MAX_CHARS) + "\"";
    }

    /** {@code text} safe for a log line, cut to {@code maxChars} characters; empty for null. */
    public static String safe(@Nullable String text, int maxChars) {
        if (text == null || text.isEmpty()) return "";
        StringBuilder out = new StringBuilder(Math.min(text.length(), maxChars) + 16);
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            String piece = visible(cp);
            if (out.length() + piece.length() > maxChars) return out.append('…').toString();
            out.append(piece);
            i += Character.charCount(cp);
        }
        return out.toString();
    }

    private static String visible(int cp) {
        switch (cp) {
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            default:
                break;
        }
        int type = Character.getType(cp);
        boolean hidden = type == Character.CONTROL // C0, DEL, C1
                || type == Character.FORMAT // bidi overrides and isolates, marks, zero-width characters
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE; // only a lone one gets here
        if (!hidden) return new String(Character.toChars(cp));
        if (cp > 0xFFFF) {
            char[] pair = Character.toChars(cp);
            return escape(pair[0]) + escape(pair[1]);
        }
        return escape(cp);
    }

    private static String escape(int unit) {
        return String.format(Locale.ROOT, "\\u%04x", unit);
    }
}
