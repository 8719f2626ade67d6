package dev.caravan.search;

import dev.caravan.model.Query;
import dev.caravan.model.SearchResults;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The configured search providers by name, each behind its own circuit breaker: while a provider keeps failing
 * (5xx, 429, timeouts) its breaker opens and its calls fail at once with that reason. Terminal failures (bad key,
 * quota) travel as values and do not count against the breaker. Thread-safe.
 */
public class SearchProviderRegistry {

    /** The provider names jobs and {@code research.search.provider} may use. */
    public static final List<String> NAMES = Query.PROVIDER_NAMES;

    /** When a provider's breaker opens: after {@code minCalls} calls, half of the last ten failing. */
    public record BreakerSettings(int minCalls, long openSeconds) {

        /** A circuit breaker with these settings (the search providers' and the answer model's). */
        public CircuitBreaker breaker(String name) {
            return CircuitBreaker.of(
                    name,
                    CircuitBreakerConfig.custom()
                            .slidingWindowSize(10)
                            .minimumNumberOfCalls(minCalls)
                            .failureRateThreshold(50)
                            .waitDurationInOpenState(Duration.ofSeconds(openSeconds))
                            .build());
        }
    }

    private final Map<String, SearchProvider> providers = new LinkedHashMap<>();
    private final Map<String, CircuitBreaker> breakers = new LinkedHashMap<>();
    private final String defaultProvider;
    private final List<String> fallback;

    public SearchProviderRegistry(
            List<SearchProvider> providers, String defaultProvider, List<String> fallback, BreakerSettings breaker) {
        for (SearchProvider p : providers) {
            this.providers.put(p.name(), p);
            this.breakers.put(p.name(), breaker.breaker(p.name() + "-breaker"));
        }
        if (!this.providers.containsKey(defaultProvider)) {
            throw new IllegalArgumentException("no search provider named " + defaultProvider);
        }
        this.defaultProvider = defaultProvider;
        this.fallback = List.copyOf(fallback);
    }

    public Collection<SearchProvider> all() {
        return providers.values();
    }

    /** The providers tried, in order, when the chosen one cannot be used. */
    public List<String> fallback() {
        return fallback;
    }

    public String defaultProvider() {
        return defaultProvider;
    }

    public SearchProvider provider(String name) {
        SearchProvider p = providers.get(name);
        if (p == null)
            throw new SearchException(
                    "no search provider named '" + name + "'; configured: " + String.join(", ", providers.keySet()));
        return p;
    }

    /** The request for a query, to the default provider. */
    public SearchCall request(Query query) {
        return provider(defaultProvider).request(query);
    }

    /** Sends a call through its provider's circuit breaker. */
    public SearchReply call(SearchCall call) throws Exception {
        SearchProvider p = provider(call.provider());
        try {
            SearchReply reply = breakers.get(p.name()).executeCheckedSupplier(() -> p.send(call));
            return reply.results() == null
                    ? reply
                    : new SearchReply(reply.results().withNotes(call.notHonoured()), null);
        } catch (CallNotPermittedException e) {
            throw ProviderUnavailableException.breakerOpen(p.displayName());
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The results of a reply, or throws its terminal failure (outside the circuit breaker). */
    public SearchResults unwrap(SearchReply reply) {
        return reply.unwrap();
    }

    /** One line per provider: whether it is usable and, if not, what to set. */
    public List<String> statusLines() {
        List<String> lines = new ArrayList<>();
        for (SearchProvider p : providers.values()) {
            String reason = p.unusableReason();
            lines.add("search provider " + p.name() + (p.name().equals(defaultProvider) ? " (default)" : "") + ": "
                    + (reason.isEmpty() ? "usable" : "not usable, " + reason));
        }
        return lines;
    }

    /**
     * A warning for the end of startup when neither the default provider nor any fallback can be used (typically: no
     * API key yet), pointing to {@code ./demo}; empty when a search can be made.
     */
    public Optional<String> noUsableProviderWarning() {
        List<String> tried = new ArrayList<>(List.of(defaultProvider));
        tried.addAll(fallback);
        for (String name : tried) {
            if (provider(name).unusableReason().isEmpty()) return Optional.empty();
        }
        SearchProvider chosen = provider(defaultProvider);
        return Optional.of("no search provider can be used: " + chosen.name() + " (research.search.provider) "
                + chosen.unusableReason() + (fallback.isEmpty() ? "" : ", and no fallback is usable")
                + ". Jobs that search will fail; jobs that only list urls still run. No key yet? ./demo runs Caravan"
                + " on sample pages without network access (README, \"First run\").");
    }
}
