package dev.caravan.web;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** Reads an HTTP {@code Retry-After} header: delay-seconds or an HTTP-date (RFC 9110 §10.2.3). Stateless. */
public final class RetryAfter {

    private RetryAfter() {}

    /** The wait the header asks for, measured from {@code now}; empty when absent or unreadable. */
    public static Optional<Duration> parse(String header, Instant now) {
        if (header == null || header.isBlank()) return Optional.empty();
        String value = header.strip();
        try {
            return Optional.of(Duration.ofSeconds(Math.max(0, Long.parseLong(value))));
        } catch (NumberFormatException notSeconds) {
            try {
                Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME)
                        .toInstant();
                Duration wait = Duration.between(now, at);
                return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
            } catch (DateTimeParseException notDate) {
                return Optional.empty();
            }
        }
    }
}
