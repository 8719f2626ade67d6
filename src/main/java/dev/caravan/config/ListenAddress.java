package dev.caravan.config;

import dev.caravan.fetch.guard.IpLiterals;
import java.net.InetAddress;
import java.util.Optional;

/**
 * Whether a listen address lets only this machine in, and the startup warning for a port that other machines can reach
 * without logging in. Decided from the address as written: no DNS lookup, so a host name other than
 * {@code localhost} counts as reachable from elsewhere.
 */
final class ListenAddress {

    private ListenAddress() {}

    /** True for 127.0.0.0/8, ::1 and localhost; false for 0.0.0.0, :: and every other address or name. */
    static boolean loopbackOnly(String host) {
        String h = host.strip();
        if (h.equalsIgnoreCase("localhost")) return true;
        try {
            InetAddress address = IpLiterals.parse(h); // the SSRF guard's parser: no lookup, brackets allowed
            return address != null && address.isLoopbackAddress();
        } catch (IllegalArgumentException malformed) {
            return false;
        }
    }

    /**
     * The warning for {@code what} listening on {@code host}:{@code port}, or empty when only this machine can reach it
     * or a login is required.
     *
     * @param exposes what a stranger could do there, e.g. "submit jobs"
     * @param fix what to set to close it
     */
    static Optional<String> openWithoutLogin(
            String what, String host, int port, boolean loginRequired, String exposes, String fix) {
        if (loginRequired || loopbackOnly(host)) return Optional.empty();
        return Optional.of(what + " listens on " + host + ":" + port + " without a login: anyone who can reach that"
                + " port can " + exposes + "; " + fix);
    }
}
