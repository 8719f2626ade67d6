package dev.caravan.config;

import dev.caravan.fetch.guard.UrlGuard;
import dev.caravan.fetch.guard.Verdict;
import dev.caravan.search.BraveProvider;
import dev.caravan.search.HttpSearchProvider.Endpoint;
import dev.caravan.search.SearchHttp;
import dev.caravan.search.SearchProvider;
import dev.caravan.search.SearchProviderRegistry;
import dev.caravan.search.SearxngProvider;
import dev.caravan.search.SerperProvider;
import dev.caravan.search.TavilyProvider;
import dev.caravan.search.Throttle;
import java.time.Clock;
import java.util.List;
import java.util.function.Function;

/**
 * Builds the search providers from the {@code research.<provider>.*} keys and the environment: each base URL checked
 * by the SSRF guard, each key read from its environment variable (tests may set {@code research.<provider>.api-key}).
 * Keys are never logged, not even masked.
 */
public final class SearchProviders {

    /** The provider names jobs and {@code research.search.provider} may use. */
    public static final List<String> NAMES = SearchProviderRegistry.NAMES;

    private SearchProviders() {}

    public static SearchProviderRegistry build(
            PropertyReader props,
            Function<String, String> env,
            UrlGuard guard,
            SearchHttp.Sender http,
            RuntimeSettings runtime,
            Clock clock) {
        String tavilyUrl = checked(guard, "research.tavily.base-url", props.string("research.tavily.base-url"));
        String serperUrl = checked(guard, "research.serper.base-url", props.string("research.serper.base-url"));
        String braveUrl = checked(guard, "research.brave.base-url", props.string("research.brave.base-url"));
        String searxngUrl = props.orEmpty(SearxngProvider.URL_KEY);
        if (searxngUrl.isEmpty()) searxngUrl = env("SEARXNG_BASE_URL", env);
        if (!searxngUrl.isEmpty()) checked(guard, SearxngProvider.URL_KEY, searxngUrl);
        long braveIntervalMs = props.longIn("research.brave.min-interval-ms", 0, 60_000, "milliseconds");
        List<SearchProvider> providers = List.of(
                new TavilyProvider(
                        new Endpoint(
                                tavilyUrl,
                                key(props, "research.tavily.api-key", TavilyProvider.KEY_VARIABLE, env),
                                timeoutMs(props, "tavily")),
                        http,
                        clock),
                new SerperProvider(
                        new Endpoint(
                                serperUrl,
                                key(props, "research.serper.api-key", SerperProvider.KEY_VARIABLE, env),
                                timeoutMs(props, "serper")),
                        http,
                        clock),
                new BraveProvider(
                        new Endpoint(
                                braveUrl,
                                key(props, "research.brave.api-key", BraveProvider.KEY_VARIABLE, env),
                                timeoutMs(props, "brave")),
                        http,
                        Throttle.realTime(braveIntervalMs),
                        clock),
                new SearxngProvider(new Endpoint(searxngUrl, "", timeoutMs(props, "searxng")), http, clock));
        String chosen = props.string("research.search.provider").strip();
        if (!NAMES.contains(chosen)) {
            throw PropertyReader.notAllowed(
                    "research.search.provider", chosen, "give one of " + String.join(", ", NAMES));
        }
        List<String> fallback = props.list("research.search.fallback");
        for (String name : fallback) {
            if (!NAMES.contains(name)) {
                throw PropertyReader.notAllowed(
                        "research.search.fallback",
                        String.join(",", fallback),
                        "'" + name + "' is not a provider; give a comma-separated list of " + String.join(", ", NAMES));
            }
        }
        return new SearchProviderRegistry(
                providers,
                chosen,
                fallback,
                new SearchProviderRegistry.BreakerSettings(runtime.breakerMinCalls(), runtime.breakerOpenSeconds()));
    }

    /** {@code research.<provider>.timeout-ms}: how long one call may take to connect, and to answer. */
    private static long timeoutMs(PropertyReader props, String provider) {
        return props.longIn("research." + provider + ".timeout-ms", 100, 10 * 60_000, "milliseconds");
    }

    private static String key(PropertyReader props, String property, String variable, Function<String, String> env) {
        String key = props.orEmpty(property);
        return key.isEmpty() ? env(variable, env) : key;
    }

    private static String env(String variable, Function<String, String> env) {
        String value = env.apply(variable);
        return value == null ? "" : value.strip();
    }

    private static String checked(UrlGuard guard, String key, String url) {
        Verdict verdict = guard.check(url);
        if (verdict.refused()) {
            throw new IllegalArgumentException(key + " " + url + " is refused by the SSRF guard (" + verdict.reason()
                    + "); list its address in research.guard.allowed-addresses if it is trusted");
        }
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
