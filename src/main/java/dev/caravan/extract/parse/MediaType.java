package dev.caravan.extract.parse;

import java.nio.charset.Charset;
import java.util.Locale;
import java.util.Optional;
import org.apache.hc.core5.http.HeaderElement;
import org.apache.hc.core5.http.NameValuePair;
import org.apache.hc.core5.http.message.BasicHeaderValueParser;
import org.apache.hc.core5.http.message.ParserCursor;
import org.jspecify.annotations.Nullable;

/**
 * A parsed Content-Type header: the lower-case type and the charset parameter, if any.
 *
 * @param type e.g. {@code text/html}; empty when the header was missing
 * @param charset the declared charset name, or null
 */
public record MediaType(String type, @Nullable String charset) {

    /**
     * Parses with HttpCore5's header parser (quoted values, several parameters), without checking the charset name: a
     * charset the JVM does not know is kept as declared and simply not used. Single quotes some servers put around
     * the charset are dropped.
     */
    public static MediaType parse(@Nullable String header) {
        if (header == null || header.isBlank()) return new MediaType("", null);
        HeaderElement[] elements =
                BasicHeaderValueParser.INSTANCE.parseElements(header, new ParserCursor(0, header.length()));
        if (elements.length == 0) return new MediaType("", null);
        NameValuePair charset = elements[0].getParameterByName("charset");
        String name = charset == null || charset.getValue() == null
                ? null
                : charset.getValue().replace("'", "").strip();
        return new MediaType(elements[0].getName().strip().toLowerCase(Locale.ROOT), name);
    }

    public Optional<Charset> knownCharset() {
        try {
            return charset == null ? Optional.empty() : Optional.of(Charset.forName(charset));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    public boolean isHtml() {
        return type.equals("text/html") || type.equals("application/xhtml+xml");
    }

    public boolean isJson() {
        return type.equals("application/json") || type.endsWith("+json");
    }

    public boolean isXml() {
        return type.equals("application/xml") || type.equals("text/xml") || type.endsWith("+xml");
    }

    public boolean isPlainText() {
        return type.equals("text/plain") || type.equals("text/markdown") || type.equals("text/x-markdown");
    }
}
