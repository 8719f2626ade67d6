package dev.caravan.config;

import java.util.Optional;
import java.util.function.Function;

/** Reads configuration keys as typed values, failing with the key's name and the bad value. Thread-safe. */
public final class PropertyReader {

    private final Function<String, Optional<String>> source;

    public PropertyReader(Function<String, Optional<String>> source) {
        this.source = source;
    }

    public String string(String key) {
        return source.apply(key).map(String::strip)
                .orElseThrow(() -> new IllegalArgumentException("missing configuration key " + key));
    }

    /** The value, or an empty string when the key is missing or blank (optional settings such as credentials). */
    public String optional(String key) {
        return source.apply(key).map(String::strip).orElse("");
    }

    /** A comma-separated list; empty entries are dropped. */
    public java.util.List<String> list(String key) {
        String value = optional(key);
        return java.util.Arrays.stream(value.split(",")).map(String::strip).filter(v -> !v.isEmpty()).toList();
    }

    /** {@code true} or {@code false}, nothing else: a typo must not silently switch a safety off. */
    public boolean booleanValue(String key) {
        String value = string(key);
        if (value.equalsIgnoreCase("true")) return true;
        if (value.equalsIgnoreCase("false")) return false;
        throw new IllegalArgumentException(key + " must be true or false, got '" + value + "'");
    }

    public long longValue(String key) {
        String value = string(key);
        try {
            return Long.parseLong(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number, got '" + value + "'");
        }
    }

    public double doubleValue(String key) {
        String value = string(key);
        try {
            double d = Double.parseDouble(value);
            if (Double.isFinite(d)) return d;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(key + " must be a number, got '" + value + "'");
    }

    public int intValue(String key) {
        long value = longValue(key);
        if (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE) {
            throw new IllegalArgumentException(key + " is out of range: " + value);
        }
        return (int) value;
    }
}
