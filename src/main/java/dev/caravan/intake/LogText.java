package dev.caravan.intake;

/**
 * Untrusted text (file names, reasons quoting a job file) made safe for one log line: control characters, line and
 * paragraph separators, format characters (such as the bidirectional overrides that reorder what a terminal shows)
 * and lone surrogates are written as escapes, so a name can neither start a forged log line nor hide what it is.
 * Thread-safe.
 */
public final class LogText {

    private LogText() {}

    /** {@code text} in double quotes, with {@code "} and {@code \} escaped too: {@code "a\nb.txt"}. */
    public static String quoted(String text) {
        return "\"" + escape(text, true) + "\"";
    }

    /** {@code text} with the characters that could break or disguise a log line escaped. */
    public static String escaped(String text) {
        return escape(text, false);
    }

    private static String escape(String text, boolean quoted) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (quoted && (cp == '"' || cp == '\\')) out.append('\\').appendCodePoint(cp);
            else if (cp == '\n') out.append("\\n");
            else if (cp == '\r') out.append("\\r");
            else if (cp == '\t') out.append("\\t");
            else if (unsafe(cp)) out.append(String.format(java.util.Locale.ROOT, "\\u%04x", cp));
            else out.appendCodePoint(cp);
        }
        return out.toString();
    }

    private static boolean unsafe(int cp) {
        int type = Character.getType(cp);
        return type == Character.CONTROL
                || type == Character.FORMAT
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE
                || type == Character.UNASSIGNED;
    }
}
