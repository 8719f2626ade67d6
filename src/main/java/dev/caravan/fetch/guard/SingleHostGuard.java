package dev.caravan.fetch.guard;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;
import org.jspecify.annotations.Nullable;

/**
 * The guard of a client that may reach one server and nothing else: the answer model at {@code research.llm.base-url}.
 * It allows exactly that URL's scheme, host and port, whatever addresses the host has (an operator's Ollama on
 * {@code localhost:11434} is allowed because the operator named it), and refuses every other host, port or scheme.
 * The SSRF guard of pages and search APIs ({@link UrlGuard}, {@link GuardedDnsResolver}) is not changed by it: a page
 * on the model's host is still refused when it is not public.
 *
 * <p>Install it as the resolver of the model client's own connection pool, so a request to another host fails before
 * any connection, and check each URL with {@link #check} before sending. Immutable and thread-safe.
 */
public final class SingleHostGuard implements DnsResolver {

    private final String scheme;
    private final String host;
    private final int port;
    private final DnsResolver delegate;

    private SingleHostGuard(String scheme, String host, int port, DnsResolver delegate) {
        this.scheme = scheme;
        this.host = host;
        this.port = port;
        this.delegate = delegate;
    }

    /**
     * The guard that allows {@code baseUrl}'s scheme, host and port only.
     *
     * @throws IllegalArgumentException with the reason, when the URL is not an http or https URL with a host and no
     *     userinfo
     */
    public static SingleHostGuard of(String baseUrl) {
        return of(baseUrl, SystemDefaultDnsResolver.INSTANCE);
    }

    /** The same, with the resolver that looks the allowed name up (a fake one in tests). */
    public static SingleHostGuard of(String baseUrl, DnsResolver delegate) {
        URI uri;
        try {
            uri = new URI(baseUrl.strip());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("it is not a URL (" + e.getReason() + ")", e);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https"))
            throw new IllegalArgumentException("give an http or https URL");
        if (uri.getRawUserInfo() != null) throw new IllegalArgumentException("a URL with user@ is not allowed");
        if (uri.getHost() == null || uri.getHost().isEmpty()) throw new IllegalArgumentException("the URL has no host");
        return new SingleHostGuard(scheme, HostNames.normalize(uri.getHost()), effectivePort(uri, scheme), delegate);
    }

    private static int effectivePort(URI uri, String scheme) {
        return uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
    }

    /** The allowed host and port, as {@code host:port}. */
    public String endpoint() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /** Allows {@code url} only when it has the allowed scheme, host and port, and no userinfo. */
    public Verdict check(String url) {
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            return Verdict.refuse("blocked: malformed URL (" + e.getReason() + ")");
        }
        String s = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!s.equals(scheme) || uri.getRawUserInfo() != null || uri.getHost() == null)
            return refusal(uri.getRawAuthority());
        if (!HostNames.normalize(uri.getHost()).equals(host) || effectivePort(uri, s) != port)
            return refusal(uri.getRawAuthority());
        return Verdict.allow();
    }

    private Verdict refusal(@Nullable String authority) {
        return Verdict.refuse(
                "blocked: only the model's server " + endpoint() + " may be reached, not '" + authority + "'");
    }

    /** The allowed host's addresses; any other host is refused before it is looked up. */
    @Override
    public InetAddress[] resolve(String name) throws UnknownHostException {
        String h = HostNames.normalize(name);
        if (!h.equals(host)) {
            throw new BlockedAddressException(
                    "blocked: only the model's server " + endpoint() + " may be reached, not '" + name + "'");
        }
        InetAddress literal;
        try {
            literal = IpLiterals.parse(h);
        } catch (IllegalArgumentException e) {
            throw new BlockedAddressException("blocked: " + e.getMessage());
        }
        if (literal != null) return new InetAddress[] {literal};
        InetAddress[] resolved = delegate.resolve(name);
        if (resolved == null || resolved.length == 0) throw new UnknownHostException(name + ": no addresses");
        return resolved.clone();
    }

    @Override
    public List<InetSocketAddress> resolve(String name, int requestedPort) throws UnknownHostException {
        if (requestedPort != port) {
            throw new BlockedAddressException(
                    "blocked: only the model's server " + endpoint() + " may be reached, not port " + requestedPort);
        }
        List<InetSocketAddress> result = new ArrayList<>();
        for (InetAddress a : resolve(name)) result.add(new InetSocketAddress(a, requestedPort));
        return result;
    }

    @Override
    public String resolveCanonicalHostname(String name) throws UnknownHostException {
        resolve(name);
        return name;
    }
}
