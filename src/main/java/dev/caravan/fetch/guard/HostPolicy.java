package dev.caravan.fetch.guard;

import java.net.InetAddress;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The host rules shared by {@link UrlGuard} and {@link GuardedDnsResolver}, in this order:
 * <ol>
 *   <li>the host must be an IP literal or a valid name: labels of {@code a-z 0-9 - _}, 1-63 long, no leading or
 *       trailing hyphen, 253 characters at most;</li>
 *   <li>an IP literal (including {@code inet_aton} forms such as {@code 2130706433}) is judged by
 *       {@link AddressClassifier}; it is refused if the domain allow list is non-empty, since it is not a domain;</li>
 *   <li>the denied domains refuse the host and its subdomains (deny wins over allow);</li>
 *   <li>local-only names ({@code localhost}, {@code .local}, {@code .internal}, {@code .lan}, {@code .home.arpa}) are
 *       refused, unless the host is under an allowed-domains entry that is itself local-only (an explicit intranet
 *       opt-in such as {@code corp.internal}; its addresses must still pass the address rules);</li>
 *   <li>a non-empty domain allow list refuses everything outside it.</li>
 * </ol>
 * Immutable and thread-safe.
 */
final class HostPolicy {

    /** Dot-separated labels of 1-63 letters, digits, hyphens or underscores, not starting or ending with a hyphen. */
    private static final Pattern VALID_NAME = Pattern.compile(
            "(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)(?:\\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*");

    /** Longest DNS name in text form (RFC 1035: 255 octets on the wire). */
    static final int MAX_NAME_LENGTH = 253;

    private final DomainList allowedDomains;
    private final DomainList deniedDomains;
    private final AddressClassifier classifier;

    HostPolicy(GuardSettings settings) {
        this.allowedDomains = settings.allowedDomainList();
        this.deniedDomains = settings.deniedDomainList();
        this.classifier = new AddressClassifier(settings.allowedAddressBlocks());
    }

    /** Judges a host name or IP literal without resolving it. */
    Verdict check(String host) {
        String h = HostNames.normalize(host);
        if (h.isEmpty()) {
            return Verdict.refuse("blocked: empty host");
        }
        if (h.length() > MAX_NAME_LENGTH) {
            // before any parsing or regex: a name of thousands of labels would overflow the regex engine's stack
            return Verdict.refuse("blocked: host name of " + h.length() + " characters is longer than "
                    + MAX_NAME_LENGTH + " (not a valid host name)");
        }
        InetAddress literal;
        try {
            literal = IpLiterals.parse(h);
        } catch (IllegalArgumentException e) {
            return Verdict.refuse("blocked: " + e.getMessage());
        }
        if (literal != null) {
            if (!allowedDomains.isEmpty()) {
                return Verdict.refuse(
                        "blocked: IP address host " + AddressText.format(literal) + " is not in the allowed domains");
            }
            return classifier.classify(literal);
        }
        if (!VALID_NAME.matcher(h).matches()) {
            return Verdict.refuse("blocked: '" + host + "' is not a valid host name");
        }
        String denied = deniedDomains.match(h);
        if (denied != null) {
            return Verdict.refuse("blocked: '" + h + "' is in the denied domains (" + denied + ")");
        }
        String allowedBy = allowedDomains.match(h);
        String local = HostNames.localSuffix(h);
        if (local != null && (allowedBy == null || HostNames.localSuffix(allowedBy) == null)) {
            return Verdict.refuse("blocked: '" + h + "' is a local-only name (" + describe(local) + ")");
        }
        if (!allowedDomains.isEmpty() && allowedBy == null) {
            return Verdict.refuse("blocked: '" + h + "' is not in the allowed domains");
        }
        return Verdict.allow();
    }

    /** Judges one resolved address. */
    Verdict checkAddress(InetAddress address) {
        return classifier.classify(address);
    }

    /** The address if {@code host} is an IP literal, else null. Call only after {@link #check} allowed the host. */
    static @Nullable InetAddress literal(String host) {
        return IpLiterals.parse(HostNames.normalize(host));
    }

    private static String describe(String suffix) {
        return suffix.equals("localhost") ? "localhost" : "." + suffix;
    }
}
