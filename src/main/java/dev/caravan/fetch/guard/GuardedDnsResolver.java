package dev.caravan.fetch.guard;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;
import org.jspecify.annotations.Nullable;

/**
 * An HttpClient 5 {@link DnsResolver} that refuses non-public destinations at the moment of connection.
 *
 * <p>HttpClient connects to exactly the addresses {@link #resolve(String)} returns, and it passes IP-literal hosts
 * through the resolver too. So this resolver decides on the resolved addresses, never on the URL text: it applies the
 * host rules (local-only names, domain lists), resolves the name with the underlying resolver, refuses the name if
 * <em>any</em> address is not public (one private answer among public ones is the DNS-rebinding pattern), and returns
 * only the checked addresses. IP literals, including {@code inet_aton} forms such as {@code 2130706433}, are parsed
 * here and never handed to the underlying resolver, so the verdict does not depend on the OS.
 *
 * <p>Refusals throw {@link BlockedAddressException}, a {@link UnknownHostException}, so no connection is attempted.
 * Install it with {@code PoolingHttpClientConnectionManagerBuilder.setDnsResolver(...)}. It does not protect requests
 * sent through a proxy, because the proxy resolves the target.
 *
 * <p>Thread-safe if the underlying resolver is (the system default one is).
 */
public final class GuardedDnsResolver implements DnsResolver {

    private final DnsResolver delegate;
    private final GuardSettings settings;
    private final HostPolicy policy;

    /** Guards the system default resolver. */
    public GuardedDnsResolver(GuardSettings settings) {
        this(settings, SystemDefaultDnsResolver.INSTANCE);
    }

    /**
     * @param settings the guard configuration
     * @param delegate the resolver that actually looks names up (a fake one in tests)
     */
    public GuardedDnsResolver(GuardSettings settings, DnsResolver delegate) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.policy = new HostPolicy(settings);
    }

    /**
     * Resolves {@code host} and returns its addresses if every one of them is allowed.
     *
     * @throws BlockedAddressException if the name or any of its addresses is refused
     * @throws UnknownHostException if the underlying resolver finds nothing
     */
    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        if (!settings.enabled()) {
            return delegate.resolve(host);
        }
        InetAddress literal = checkHost(host);
        if (literal != null) {
            return new InetAddress[] {literal};
        }
        InetAddress[] resolved = delegate.resolve(host);
        if (resolved == null || resolved.length == 0) {
            throw new UnknownHostException(host + ": no addresses");
        }
        InetAddress[] checked = resolved.clone();
        for (InetAddress address : checked) {
            Verdict v = policy.checkAddress(address);
            if (v.refused()) {
                throw new BlockedAddressException(v.reason() + "; resolved from '" + host + "'");
            }
        }
        return checked;
    }

    /** Same as {@link #resolve(String)}, paired with {@code port}; never returns unresolved addresses. */
    @Override
    public List<InetSocketAddress> resolve(String host, int port) throws UnknownHostException {
        InetAddress[] addresses = resolve(host);
        if (addresses == null || addresses.length == 0) {
            throw new UnknownHostException(host + ": no addresses");
        }
        List<InetSocketAddress> result = new ArrayList<>(addresses.length);
        for (InetAddress a : addresses) {
            result.add(new InetSocketAddress(a, port));
        }
        return result;
    }

    /**
     * Applies the host rules, then asks the underlying resolver; the canonical name it returns must pass the rules too.
     * For an IP literal it returns the literal's text without a reverse lookup.
     *
     * @throws BlockedAddressException if {@code host} or its canonical name is refused
     */
    @Override
    public String resolveCanonicalHostname(String host) throws UnknownHostException {
        if (!settings.enabled()) {
            return delegate.resolveCanonicalHostname(host);
        }
        InetAddress literal = checkHost(host);
        if (literal != null) {
            return AddressText.format(literal);
        }
        String canonical = delegate.resolveCanonicalHostname(host);
        if (canonical == null || canonical.isEmpty()) {
            return host;
        }
        Verdict v = policy.check(canonical);
        if (v.refused()) {
            throw new BlockedAddressException(v.reason() + "; canonical name of '" + host + "'");
        }
        return canonical;
    }

    /** Throws if the host is refused by name or as a literal; returns the literal address, or null for a name. */
    private @Nullable InetAddress checkHost(String host) throws BlockedAddressException {
        Verdict v = policy.check(host);
        if (v.refused()) {
            throw new BlockedAddressException(v.reason());
        }
        return HostPolicy.literal(host);
    }
}
