package dev.caravan.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.apache.camel.CamelContext;
import org.jspecify.annotations.Nullable;

/**
 * Keys renamed in this release. For one release the old name still works: {@link PropertyReader} reads it while it is
 * set (it wins over the new name, which application.properties always sets), the routes' placeholders get its value,
 * and startup warns once per old name, naming the new one. Then the old names go.
 */
public final class RenamedKeys {

    /** New name to old name. The retry and breaker keys are every provider's, not only Tavily's. */
    private static final Map<String, String> OLD_NAMES = new LinkedHashMap<>();

    static {
        OLD_NAMES.put("research.search.max-retries", "research.tavily.max-retries");
        OLD_NAMES.put("research.search.retry-delay-ms", "research.tavily.retry-delay-ms");
        OLD_NAMES.put("research.search.breaker-min-calls", "research.tavily.breaker-min-calls");
        OLD_NAMES.put("research.search.breaker-open-seconds", "research.tavily.breaker-open-seconds");
    }

    private RenamedKeys() {}

    /** The name {@code key} is read under in {@code source}: its old name while that one is set (not blank). */
    static String effective(String key, Function<String, Optional<String>> source) {
        @Nullable String old = OLD_NAMES.get(key);
        return old != null && source.apply(old).filter(v -> !v.isBlank()).isPresent() ? old : key;
    }

    /** One warning per old name that is set in {@code source}, naming the new one. */
    static List<String> warnings(Function<String, Optional<String>> source) {
        List<String> warnings = new ArrayList<>();
        OLD_NAMES.forEach((now, old) -> {
            if (effective(now, source).equals(old)) {
                warnings.add(old + " is an old name: rename it to " + now + " (the old name is read in this release"
                        + " only, and wins over " + now + " while it is set)");
            }
        });
        return warnings;
    }

    /**
     * Makes the routes' placeholders of each new name ({@code {{research.search.max-retries}}}) read the value set
     * under its old name.
     */
    static void applyToPlaceholders(CamelContext context, Function<String, Optional<String>> source) {
        OLD_NAMES.forEach((now, old) -> {
            if (effective(now, source).equals(old)) {
                source.apply(old)
                        .ifPresent(value -> context.getPropertiesComponent().addOverrideProperty(now, value.strip()));
            }
        });
    }
}
