package dev.caravan.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Refuses to start while a proxy is configured. Caravan sends every request itself ({@code web/WebClient}), directly:
 * the SSRF guard judges the address HttpClient connects to, and through a proxy that would be the proxy's, which
 * resolves the target itself, so a name resolving to a private address would be fetched. The places a proxy used to
 * be set for camel-http (its component options, Camel's global options, the JVM's proxy properties) would now be
 * ignored without a word; rather than that, Caravan does not start and says where the proxy is set. Plain Java: the
 * caller reads the settings. Thread-safe.
 */
public final class ProxyCheck {

    /** Where a proxy can come from, in the order they are reported, with their values (null or blank: not set). */
    private final Map<String, String> sources = new LinkedHashMap<>();

    /**
     * Every place a proxy can be written: the camel-http component options (kebab or camel case), Camel's global
     * options, and, with {@code use-system-properties}, the JVM's proxy properties.
     */
    public static ProxyCheck of(PropertyReader props) {
        ProxyCheck check = new ProxyCheck();
        boolean systemProperties = false;
        for (String scheme : new String[] {"http", "https"}) {
            String prefix = "camel.component." + scheme + ".";
            for (String key : new String[] {"proxy-host", "proxyHost", "proxy-auth-host", "proxyAuthHost"}) {
                check.source(prefix + key, props.orEmpty(prefix + key));
            }
            systemProperties |= props.orEmpty(prefix + "use-system-properties").equalsIgnoreCase("true")
                    || props.orEmpty(prefix + "useSystemProperties").equalsIgnoreCase("true");
        }
        for (String options : new String[] {"camel.main.global-options", "camel.main.globalOptions"}) {
            for (String option : new String[] {"http.proxyHost", "https.proxyHost"}) {
                String key = options + "[" + option + "]";
                check.source(key, props.orEmpty(key));
            }
        }
        if (systemProperties) {
            for (String property : new String[] {"http.proxyHost", "https.proxyHost", "socksProxyHost"}) {
                check.source(
                        property + " (camel.component.http.use-system-properties = true)",
                        System.getProperty(property));
            }
            check.source(
                    "java.net.useSystemProxies (camel.component.http.use-system-properties = true)",
                    "true".equalsIgnoreCase(System.getProperty("java.net.useSystemProxies")) ? "true" : null);
        }
        return check;
    }

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

    /**
     * Throws with a one-line explanation when a proxy is configured: with the guard on because the guard would only see
     * the proxy's address (as before the one HTTP path), with it off because Caravan would ignore the proxy.
     */
    public void refuseAny(boolean guardEnabled) {
        configuredProxy().ifPresent(proxy -> {
            if (guardEnabled) {
                throw new IllegalArgumentException("an HTTP proxy is configured (" + proxy + ") while the SSRF guard"
                        + " is on (research.guard.enabled=true): through a proxy the guard would only see the proxy's"
                        + " address, and names resolving to private addresses would be fetched. Remove the proxy"
                        + " setting, or run without the guard only where every reachable address is safe to fetch");
            }
            throw new IllegalArgumentException("an HTTP proxy is configured (" + proxy + "), but Caravan sends every"
                    + " request directly (web/WebClient) and would ignore it without a word. Remove the proxy setting");
        });
    }
}
