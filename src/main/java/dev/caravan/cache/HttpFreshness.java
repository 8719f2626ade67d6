package dev.caravan.cache;

import dev.caravan.model.CacheHeaders;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How long a response may be reused without asking the site again, after RFC 9111 (section 4.2), for a private
 * cache: {@code Cache-Control: no-store} is never stored; {@code no-cache} is stored but always revalidated;
 * {@code max-age} wins over {@code Expires}; without either, the configured fallback ({@code research.cache.ttl-seconds})
 * applies instead of a heuristic. The time the response already spent in caches on its way ({@code Age}, or the
 * distance between its {@code Date} and when it arrived) is taken off. Immutable.
 */
public final class HttpFreshness {

    /**
     * @param storable false for {@code no-store}: the response is not kept at all
     * @param freshUntil until when it may be reused without a request (at or before the response time: stale at once)
     */
    public record Verdict(boolean storable, Instant freshUntil) {
        public boolean fresh(Instant now) {
            return now.isBefore(freshUntil);
        }
    }

    private HttpFreshness() {}

    /** The verdict for a response with {@code headers} that arrived at {@code receivedAt}. */
    public static Verdict of(CacheHeaders headers, Instant receivedAt, Duration fallback) {
        Map<String, String> directives = directives(headers.cacheControl());
        if (directives.containsKey("no-store")) return new Verdict(false, receivedAt);
        if (directives.containsKey("no-cache")) return new Verdict(true, receivedAt);
        Optional<Instant> date = httpDate(headers.date());
        Duration lifetime;
        if (directives.containsKey("max-age")) {
            lifetime = seconds(directives.get("max-age")).orElse(Duration.ZERO); // a malformed max-age: stale
        } else if (headers.expires() != null) {
            // an Expires that is not a date (often "0" or "-1") means already expired
            lifetime = httpDate(headers.expires())
                    .map(expires -> Duration.between(date.orElse(receivedAt), expires))
                    .orElse(Duration.ZERO);
        } else {
            lifetime = fallback;
        }
        Duration apparentAge = date.map(d -> Duration.between(d, receivedAt))
                .filter(d -> !d.isNegative())
                .orElse(Duration.ZERO);
        Duration ageValue = seconds(headers.age()).orElse(Duration.ZERO);
        Duration age = apparentAge.compareTo(ageValue) >= 0 ? apparentAge : ageValue;
        Duration left = lifetime.minus(age);
        return new Verdict(true, left.isNegative() ? receivedAt : receivedAt.plus(left));
    }

    /**
     * The directives of a {@code Cache-Control} value, names in lower case, each with its argument (unquoted) or "";
     * the first of a repeated directive counts.
     */
    static Map<String, String> directives(@Nullable String cacheControl) {
        Map<String, String> directives = new LinkedHashMap<>();
        if (cacheControl == null) return directives;
        for (String part : cacheControl.split(",")) {
            String item = part.strip();
            if (item.isEmpty()) continue;
            int eq = item.indexOf('=');
            String name = (eq < 0 ? item : item.substring(0, eq)).strip().toLowerCase(Locale.ROOT);
            String value = eq < 0 ? "" : item.substring(eq + 1).strip();
            if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\""))
                value = value.substring(1, value.length() - 1);
            directives.putIfAbsent(name, value);
        }
        return directives;
    }

    /** A delta-seconds value (RFC 9111 1.2.2): digits only; a huge one counts as about 68 years. */
    static Optional<Duration> seconds(@Nullable String value) {
        if (value == null || !value.strip().matches("\\d{1,19}")) return Optional.empty();
        String digits = value.strip();
        long s = digits.length() > 10 ? Integer.MAX_VALUE : Math.min(Long.parseLong(digits), Integer.MAX_VALUE);
        return Optional.of(Duration.ofSeconds(s));
    }

    /** An HTTP date (IMF-fixdate, or the RFC 1123 forms Java reads), or empty. */
    static Optional<Instant> httpDate(@Nullable String value) {
        if (value == null || value.isBlank()) return Optional.empty();
        try {
            return Optional.of(ZonedDateTime.parse(value.strip(), DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
