package dev.caravan.search;

import java.util.List;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/** Domain filters written as the standard query operators, for providers without domain parameters. */
final class QueryOperators {

    private QueryOperators() {}

    /** The query text with {@code site:} for included domains (OR-ed) and {@code -site:} for excluded ones. */
    static String withSites(String text, List<String> include, List<String> exclude) {
        StringBuilder q = new StringBuilder(text.strip());
        if (include.size() == 1) {
            q.append(" site:").append(include.get(0));
        } else if (include.size() > 1) {
            q.append(" (")
                    .append(include.stream().map(d -> "site:" + d).collect(Collectors.joining(" OR ")))
                    .append(')');
        }
        for (String d : exclude) q.append(" -site:").append(d);
        return q.toString();
    }

    /** day/week/month/year, or d/w/m/y, as one letter; null when unset or unknown. */
    static @Nullable String timeLetter(@Nullable String timeRange) {
        if (timeRange == null) return null;
        return switch (timeRange) {
            case "day", "d" -> "d";
            case "week", "w" -> "w";
            case "month", "m" -> "m";
            case "year", "y" -> "y";
            default -> null;
        };
    }

    /** A note for an option this provider cannot honour. */
    static String notHonoured(String provider, String option, Object value, String why) {
        return option + " " + value + " was not honoured by " + provider + ": " + why;
    }
}
