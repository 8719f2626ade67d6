package dev.caravan.fetch.guard;

import java.net.IDN;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Checks a URL before any connection is made: the scheme must be {@code http} or {@code https}, there must be no
 * userinfo ({@code user:pass@}), and the host must pass the host rules (local-only names, domain allow/deny lists,
 * IP-literal hosts judged by {@link AddressClassifier}, including {@code inet_aton} tricks like {@code 0x7f.1}).
 *
 * <p>This is the early, cheap check. It cannot see what a name resolves to; that is the job of
 * {@link GuardedDnsResolver}, which must also be installed in the HTTP client's connection manager.
 * Hosts that {@link URI} cannot parse as a server (e.g. with {@code _} or non-ASCII characters) are taken from the
 * raw authority and converted with IDNA, so a full-width {@code ｌｏｃａｌｈｏｓｔ} is still seen as {@code localhost}.
 *
 * <p>Immutable and thread-safe.
 */
public final class UrlGuard {

    private final GuardSettings settings;
    private final HostPolicy policy;

    /** @param settings the guard configuration */
    public UrlGuard(GuardSettings settings) {
        this.settings = settings;
        this.policy = new HostPolicy(settings);
    }

    /** Parses and checks {@code url}; a malformed URL is a refusal, not an exception. */
    public Verdict check(String url) {
        if (url == null || url.isBlank()) {
            return settings.enabled() ? Verdict.refuse("blocked: empty URL") : Verdict.allow();
        }
        try {
            return check(new URI(url.strip()));
        } catch (URISyntaxException e) {
            return settings.enabled()
                    ? Verdict.refuse("blocked: malformed URL (" + e.getReason() + ")")
                    : Verdict.allow();
        }
    }

    /** Checks {@code uri} without connecting or resolving anything. */
    public Verdict check(URI uri) {
        if (!settings.enabled()) {
            return Verdict.allow();
        }
        if (uri == null || !uri.isAbsolute()) {
            return Verdict.refuse("blocked: not an absolute URL");
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            return Verdict.refuse("blocked: scheme '" + scheme + "' is not allowed (only http and https)");
        }
        String authority = uri.getRawAuthority();
        if (uri.isOpaque() || authority == null || authority.isEmpty()) {
            return Verdict.refuse("blocked: URL has no host");
        }
        if (uri.getRawUserInfo() != null || authority.indexOf('@') >= 0) {
            return Verdict.refuse("blocked: URLs with userinfo (user@host) are not allowed");
        }
        String host = uri.getHost();
        int port = uri.getPort();
        if (host == null) {
            host = hostFromAuthority(authority);
            if (host == null) {
                return Verdict.refuse("blocked: malformed host in '" + authority + "'");
            }
            port = portFromAuthority(authority);
        }
        Verdict portVerdict = checkPort(port, scheme);
        return portVerdict.refused() ? portVerdict : policy.check(host);
    }

    /** A port must be 1-65535 and, when {@code allowed-ports} is set, one of them ({@code -1}: the scheme's default). */
    private Verdict checkPort(int port, String scheme) {
        if (port == 0 || port > 65535) {
            return Verdict.refuse("blocked: invalid port " + port + " (ports are 1-65535)");
        }
        int effective = port >= 0 ? port : scheme.equals("https") ? 443 : 80;
        if (!settings.allowedPorts().isEmpty() && !settings.allowedPorts().contains(effective)) {
            return Verdict.refuse(
                    "blocked: port " + effective + " is not in the allowed ports " + settings.allowedPorts());
        }
        return Verdict.allow();
    }

    private static int portFromAuthority(String authority) {
        int colon = authority.lastIndexOf(':');
        String digits = colon < 0 ? "" : authority.substring(colon + 1);
        return digits.isEmpty() ? -1 : Integer.parseInt(digits); // at most 5 digits, checked by hostFromAuthority
    }

    /** Fallback for authorities {@link URI} treats as registry-based: strip the port, then IDNA; null if malformed. */
    private static @Nullable String hostFromAuthority(String authority) {
        String host = authority;
        if (host.startsWith("[")) {
            return null; // a bracketed literal that URI could not parse is malformed
        }
        int colon = host.lastIndexOf(':');
        if (colon >= 0) {
            if (!host.substring(colon + 1).matches("[0-9]{0,5}")) {
                return null;
            }
            host = host.substring(0, colon);
        }
        if (host.isEmpty() || host.indexOf('%') >= 0 || host.indexOf(':') >= 0) {
            return null;
        }
        try {
            return IDN.toASCII(host, IDN.ALLOW_UNASSIGNED);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
