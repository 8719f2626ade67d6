package dev.caravan.fetch;

import dev.caravan.model.CacheHeaders;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The request headers that ask a site whether a stored page changed (RFC 9110 13.1, RFC 9111 4.3.1):
 * {@code If-None-Match} with the stored {@code ETag}, {@code If-Modified-Since} with the stored {@code Last-Modified}.
 * The values came from a site, so each is sent back only when it is well-formed (an entity tag of visible ASCII, an
 * HTTP date); a malformed one is left out, and without any the request is not conditional.
 */
public final class ConditionalRequest {

    /** An entity tag: optional weakness mark, then a quoted string of visible ASCII without a quote (RFC 9110 8.8.3). */
    private static final Pattern ETAG = Pattern.compile("(W/)?\"[\\x21\\x23-\\x7E]{0,512}\"");

    private ConditionalRequest() {}

    /** The conditional headers for a page stored with {@code stored}; empty when it has no usable validator. */
    public static Map<String, String> headers(@Nullable CacheHeaders stored) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (stored == null) return headers;
        String etag = stored.etag() == null ? null : stored.etag().strip();
        if (etag != null && ETAG.matcher(etag).matches()) headers.put("If-None-Match", etag);
        String modified =
                stored.lastModified() == null ? null : stored.lastModified().strip();
        if (modified != null && httpDate(modified)) headers.put("If-Modified-Since", modified);
        return headers;
    }

    private static boolean httpDate(String value) {
        if (value.length() > 64 || !value.chars().allMatch(c -> c >= 0x20 && c < 0x7F)) return false;
        try {
            DateTimeFormatter.RFC_1123_DATE_TIME.parse(value);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }
}
