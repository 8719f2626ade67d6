package dev.caravan.fetch.guard;

import java.util.List;
import java.util.Objects;

/**
 * Configuration of the SSRF guard. Validated on construction so that a bad entry fails fast at start-up with a clear
 * message (e.g. {@code invalid allowedAddresses entry: invalid CIDR '10.0.0.0/33': prefix length must be 0..32}).
 * Immutable (lists are copied) and thread-safe.
 *
 * @param enabled when false, every check allows everything (for local experiments only)
 * @param allowedDomains when non-empty, only these domains and their subdomains may be fetched
 * @param deniedDomains domains (and subdomains) that are always refused; deny wins over allow
 * @param allowedAddresses addresses or CIDR blocks (IPv4 or IPv6) allowed despite the address rules, for tests and
 *                         intranets; empty by default
 * @param allowedPorts when non-empty, only these TCP ports may be fetched (the scheme's default port counts as given)
 */
public record GuardSettings(
        boolean enabled,
        List<String> allowedDomains,
        List<String> deniedDomains,
        List<String> allowedAddresses,
        List<Integer> allowedPorts) {

    /** Settings with any port allowed. */
    public GuardSettings(
            boolean enabled, List<String> allowedDomains, List<String> deniedDomains, List<String> allowedAddresses) {
        this(enabled, allowedDomains, deniedDomains, allowedAddresses, List.of());
    }

    public GuardSettings {
        allowedPorts = allowedPorts == null ? List.of() : List.copyOf(allowedPorts);
        for (int port : allowedPorts) {
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("invalid allowedPorts entry " + port + ": ports are 1-65535");
            }
        }
        allowedDomains = copy(allowedDomains, "allowedDomains");
        deniedDomains = copy(deniedDomains, "deniedDomains");
        allowedAddresses = copy(allowedAddresses, "allowedAddresses");
        validateDomains(allowedDomains, "allowedDomains");
        validateDomains(deniedDomains, "deniedDomains");
        for (String entry : allowedAddresses) {
            try {
                Cidr.parse(entry);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("invalid allowedAddresses entry: " + e.getMessage(), e);
            }
        }
    }

    /** Enabled, no domain lists, no address exceptions: only public addresses, any domain. */
    public static GuardSettings defaults() {
        return new GuardSettings(true, List.of(), List.of(), List.of());
    }

    /** A copy with the given domain allow list. */
    public GuardSettings withAllowedDomains(List<String> domains) {
        return new GuardSettings(enabled, domains, deniedDomains, allowedAddresses, allowedPorts);
    }

    /** A copy with the given domain deny list. */
    public GuardSettings withDeniedDomains(List<String> domains) {
        return new GuardSettings(enabled, allowedDomains, domains, allowedAddresses, allowedPorts);
    }

    /** A copy with the given address exceptions (addresses or CIDRs). */
    public GuardSettings withAllowedAddresses(List<String> cidrs) {
        return new GuardSettings(enabled, allowedDomains, deniedDomains, cidrs, allowedPorts);
    }

    /** A copy that allows only the given ports (empty: any port). */
    public GuardSettings withAllowedPorts(List<Integer> ports) {
        return new GuardSettings(enabled, allowedDomains, deniedDomains, allowedAddresses, ports);
    }

    /** The allow list as a matcher. */
    public DomainList allowedDomainList() {
        return new DomainList(allowedDomains);
    }

    /** The deny list as a matcher. */
    public DomainList deniedDomainList() {
        return new DomainList(deniedDomains);
    }

    /** The address exceptions, parsed. */
    public List<Cidr> allowedAddressBlocks() {
        return allowedAddresses.stream().map(Cidr::parse).toList();
    }

    private static List<String> copy(List<String> list, String name) {
        if (list == null) {
            return List.of();
        }
        for (String s : list) {
            Objects.requireNonNull(s, () -> name + " must not contain null");
        }
        return List.copyOf(list);
    }

    private static void validateDomains(List<String> domains, String name) {
        try {
            new DomainList(domains);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
    }
}
