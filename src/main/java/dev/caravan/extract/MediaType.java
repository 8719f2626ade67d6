package dev.caravan.extract;

import java.nio.charset.Charset;
import java.util.Locale;
import java.util.Optional;

/**
 * A parsed Content-Type header: the lower-case type and the charset parameter, if any.
 *
 * @param type e.g. {@code text/html}; empty when the header was missing
 * @param charset the declared charset name, or null
 */
record MediaType(String type, String charset) {

    static MediaType parse(String header) {
        if (header == null || header.isBlank()) return new MediaType("", null);
        String[] parts = header.split(";");
        String charset = null;
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].strip();
            if (p.toLowerCase(Locale.ROOT).startsWith("charset=")) {
                charset = p.substring(8).replace("\"", "").replace("'", "").strip();
            }
        }
        return new MediaType(parts[0].strip().toLowerCase(Locale.ROOT), charset);
    }

    Optional<Charset> knownCharset() {
        try {
            return charset == null ? Optional.empty() : Optional.of(Charset.forName(charset));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    boolean isHtml() {
        return type.equals("text/html") || type.equals("application/xhtml+xml");
    }

    boolean isJson() {
        return type.equals("application/json") || type.endsWith("+json");
    }

    boolean isXml() {
        return type.equals("application/xml") || type.equals("text/xml") || type.endsWith("+xml");
    }

    boolean isPlainText() {
        return type.equals("text/plain") || type.equals("text/markdown") || type.equals("text/x-markdown");
    }
}
