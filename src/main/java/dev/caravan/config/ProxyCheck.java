package dev.caravan.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Refuses to run with the SSRF guard on while HTTP requests would go through a proxy. The guard judges the address
 * HttpClient connects to; through a proxy that is the proxy's address, and the proxy resolves the target itself, so a
 * name that resolves to a private address would be fetched. Rather than a guard that silently stops guarding,
 * Caravan does not start. Plain Java: the caller collects where a proxy can be set. Thread-safe.
 */
public final class ProxyCheck {

    /** Where a proxy can come from, in the order they are reported, with their values (null or blank: not set). */
    private final Map<String, String> sources = new LinkedHashMap<>();

    /** Records one place a proxy can be configured, e.g. {@code camel.component.http.proxy-host}, and its value. */
    public ProxyCheck source(String where, String value) {
        sources.put(where, value);
        return this;
    }

    /** The first place a proxy is configured, as {@code where = value}, if any. */
    public Optional<String> configuredProxy() {
        return sources.entrySet().stream()
                .filter(e -> e.getValue() != null && !e.getValue().isBlank())
                .map(e -> e.getKey() + " = " + e.getValue().strip())
                .findFirst();
    }

    /** Throws with a one-line explanation when the guard is on and a proxy is configured. */
    public void requireNoProxyWhenGuarded(boolean guardEnabled) {
        if (!guardEnabled) return;
        configuredProxy().ifPresent(proxy -> {
            throw new IllegalArgumentException("an HTTP proxy is configured (" + proxy + ") while the SSRF guard is on "
                    + "(research.guard.enabled=true): through a proxy the guard would only see the proxy's address, and "
                    + "names resolving to private addresses would be fetched. Remove the proxy setting, or run without "
                    + "the guard only where every reachable address is safe to fetch");
        });
    }
}
