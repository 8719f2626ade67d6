package dev.caravan.config;

/** Which search providers can be used, said once at startup. The key itself is never shown, not even masked. */
public final class SearchProviders {

    /** Whether any provider is usable, and the line to log. */
    public record Status(boolean usable, String message) {}

    private SearchProviders() {}

    public static Status status(String tavilyKey) {
        if (tavilyKey == null || tavilyKey.isBlank()) {
            return new Status(false, "search providers: none usable. Tavily needs an API key in the "
                    + CaravanConfiguration.TAVILY_KEY_VARIABLE + " environment variable, which is not set: queries that "
                    + "search will fail (jobs that only list urls still run)");
        }
        return new Status(true, "search providers: Tavily (API key from " + CaravanConfiguration.TAVILY_KEY_VARIABLE
                + ", set)");
    }
}
