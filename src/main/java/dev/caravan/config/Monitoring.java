package dev.caravan.config;

import java.util.Optional;

/**
 * Says where the monitoring endpoint really listens. (Camel's own summary prints {@code http://0.0.0.0:port} whatever
 * the bind address; that logger is turned down in simplelogger.properties.)
 */
public final class Monitoring {

    private Monitoring() {}

    /**
     * The startup warning when the endpoint is reachable from other machines and asks for no login
     * ({@code camel.management.authentication-enabled}), else empty.
     */
    public static Optional<String> openWarning(String host, int port, boolean authenticated) {
        return ListenAddress.openWithoutLogin(
                "the monitoring endpoint",
                host,
                port,
                authenticated,
                "read Caravan's health and metrics (which name the sites it fetches)",
                "set research.metrics.host=127.0.0.1, or restrict the port with a firewall");
    }

    /** e.g. "monitoring on 127.0.0.1 only: http://127.0.0.1:9876/observe/health and .../observe/metrics". */
    public static String startedLine(String host, int port) {
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        String base = "http://" + h + ":" + port + "/observe";
        boolean everywhere = host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
        String where = everywhere ? "on every network interface (" + host + ")" : "on " + host + " only";
        return "monitoring " + where + ": " + base + "/health and " + base + "/metrics";
    }
}
