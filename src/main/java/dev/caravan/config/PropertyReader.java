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
        return source.apply(key)
                .map(String::strip)
                .orElseThrow(() -> new IllegalArgumentException("missing configuration key " + key));
    }

    /** The value, or an empty string when the key is missing or blank (optional settings such as credentials). */
    public String orEmpty(String key) {
        return source.apply(key).map(String::strip).orElse("");
    }

    /** A comma-separated list; empty entries are dropped. */
    public java.util.List<String> list(String key) {
        String value = orEmpty(key);
        return java.util.Arrays.stream(value.split(","))
                .map(String::strip)
                .filter(v -> !v.isEmpty())
                .toList();
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

    /** A number from {@code min} to {@code max}; otherwise the same one-line message as the other checks. */
    public double doubleIn(String key, double min, double max) {
        String value = string(key);
        double parsed;
        try {
            parsed = Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw notAllowed(key, value, "give a number from " + min + " to " + max);
        }
        if (!(parsed >= min && parsed <= max)) throw notAllowed(key, value, "give a number from " + min + " to " + max);
        return parsed;
    }

    /**
     * A whole number from {@code min} to {@code max}; otherwise one line naming the key, the value and what is allowed,
     * e.g. {@code research.input.settle-ms = '-5' is not allowed: give a whole number from 0 to 3600000 (milliseconds)}.
     */
    public long longIn(String key, long min, long max, String unit) {
        String value = string(key);
        long parsed;
        try {
            parsed = Long.parseLong(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw notAllowed(key, value, "give a whole number from " + min + " to " + max + " (" + unit + ")");
        }
        if (parsed < min || parsed > max) {
            throw notAllowed(key, value, "give a whole number from " + min + " to " + max + " (" + unit + ")");
        }
        return parsed;
    }

    /** {@link #longIn} for int-sized settings. */
    public int intIn(String key, int min, int max, String unit) {
        return (int) longIn(key, min, max, unit);
    }

    /** {@code true} or {@code false}, with the same one-line message as the other checks. */
    public boolean flag(String key) {
        String value = string(key);
        if (value.equalsIgnoreCase("true")) return true;
        if (value.equalsIgnoreCase("false")) return false;
        throw notAllowed(key, value, "give true or false");
    }

    /** A plain file name kept in the output folder (a day's counts: search credits, model usage); no folders. */
    public String plainFileName(String key) {
        String name = string(key).strip();
        if (!name.matches("[A-Za-z0-9._-]+") || name.startsWith("..")) {
            throw notAllowed(
                    key, name, "give a plain file name such as daily-counts.json (it is kept in research.output.dir)");
        }
        return name;
    }

    /** The one-line message of a bad setting. */
    public static IllegalArgumentException notAllowed(String key, String value, String allowed) {
        return new IllegalArgumentException(key + " = '" + value + "' is not allowed: " + allowed);
    }

    public int intValue(String key) {
        long value = longValue(key);
        if (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE) {
            throw new IllegalArgumentException(key + " is out of range: " + value);
        }
        return (int) value;
    }
}
