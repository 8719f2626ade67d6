package dev.caravan.search;

import dev.caravan.model.LogText;
import dev.caravan.model.RetryAfter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Small helpers every provider (and the answer model's client) uses to turn an HTTP answer into a message a user can
 * act on. Text a provider sends back goes through {@link #detail}: the API key is removed first, then the text is cut,
 * so no part of the key can survive the cut.
 */
public final class ProviderErrors {

    private static final long MAX_RETRY_AFTER_MS = 120_000;

    /** Most characters of a provider's own text kept in a message. */
    static final int MAX_DETAIL_CHARS = 200;

    /** The shortest start of the key that is redacted on its own (a key the provider cut short). */
    static final int MIN_KEY_FRAGMENT = 8;

    /** What stands where the key was. */
    static final String REDACTED = "[key redacted]";

    /** A character percent-encoded is at most 4 UTF-8 bytes of 3 characters each. */
    private static final int MAX_ENCODED_CHARS_PER_CHAR = 12;

    private ProviderErrors() {}

    /** Retry-After in seconds or as an HTTP date, capped at two minutes; -1 when absent or unreadable. */
    static long retryAfterMs(String header, Clock clock) {
        return RetryAfter.parse(header, clock.instant())
                .map(d -> Math.min(MAX_RETRY_AFTER_MS, d.toMillis()))
                .orElse(-1L);
    }

    /**
     * ": text" with the key removed, cut to {@value #MAX_DETAIL_CHARS} characters, control characters made visible;
     * empty when there is nothing to say.
     */
    public static String detail(String text, String apiKey) {
        if (text == null || text.isBlank()) return "";
        String t = text.strip();
        // a key that starts before the cut ends inside this window, however it was encoded: redact it whole, then cut
        int window = MAX_DETAIL_CHARS + MAX_ENCODED_CHARS_PER_CHAR * (apiKey == null ? 0 : apiKey.length()) + 1;
        if (t.length() > window) t = t.substring(0, window);
        return ": " + LogText.safe(redact(t, apiKey), MAX_DETAIL_CHARS);
    }

    /**
     * {@code text} with every occurrence of {@code apiKey} replaced by {@value #REDACTED}: in any letter case, with
     * any of its characters percent-encoded (as in an echoed URL), and also a start of the key of at least
     * {@value #MIN_KEY_FRAGMENT} characters (a key the provider cut short). A blank key leaves the text as it is.
     */
    public static String redact(String text, String apiKey) {
        if (text == null || apiKey == null || apiKey.isBlank()) return text;
        return keyPattern(apiKey).matcher(text).replaceAll(Matcher.quoteReplacement(REDACTED));
    }

    /** The key's characters in order, each as itself or percent-encoded; any start of it from the shortest fragment. */
    private static Pattern keyPattern(String key) {
        int[] chars = key.codePoints().toArray();
        int required = Math.min(MIN_KEY_FRAGMENT, chars.length);
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < required; i++) regex.append(oneChar(chars[i]));
        StringBuilder optional = new StringBuilder();
        for (int i = chars.length - 1; i >= required; i--) {
            optional.insert(0, "(?:" + oneChar(chars[i])).append(")?");
        }
        return Pattern.compile(regex.append(optional).toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    private static String oneChar(int codePoint) {
        String c = new String(Character.toChars(codePoint));
        String encoded = URLEncoder.encode(c, StandardCharsets.UTF_8);
        StringBuilder alternatives = new StringBuilder("(?:").append(Pattern.quote(c));
        alternatives.append('|').append(Pattern.quote(percentEncoded(c)));
        if (!encoded.equals(c)) alternatives.append('|').append(Pattern.quote(encoded));
        return alternatives.append(')').toString();
    }

    /** Every byte of {@code c} as %XX (URLEncoder leaves letters and digits as they are). */
    private static String percentEncoded(String c) {
        StringBuilder b = new StringBuilder();
        for (byte x : c.getBytes(StandardCharsets.UTF_8)) {
            b.append('%').append(Character.toUpperCase(Character.forDigit((x >> 4) & 0xF, 16)));
            b.append(Character.toUpperCase(Character.forDigit(x & 0xF, 16)));
        }
        return b.toString();
    }
}
