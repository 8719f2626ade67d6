package dev.caravan.config;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Whether a listen address lets only this machine in, and the startup warning for a port that other machines can reach
 * without logging in. Decided from the address as written: no DNS lookup, so a host name other than
 * {@code localhost} counts as reachable from elsewhere.
 */
final class ListenAddress {

    private static final Pattern IPV4_LOOPBACK = Pattern.compile("127(\\.\\d{1,3}){3}");

    private ListenAddress() {}

    /** True for 127.0.0.0/8, ::1 and localhost; false for 0.0.0.0, :: and every other address or name. */
    static boolean loopbackOnly(String host) {
        String h = host.strip();
        if (h.startsWith("[") && h.endsWith("]")) h = h.substring(1, h.length() - 1);
        return h.equalsIgnoreCase("localhost")
                || IPV4_LOOPBACK.matcher(h).matches()
                || h.equals("::1")
                || h.equals("0:0:0:0:0:0:0:1");
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
