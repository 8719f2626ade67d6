package dev.caravan.config;

/**
 * Says where the monitoring endpoint really listens. (Camel's own summary prints {@code http://0.0.0.0:port} whatever
 * the bind address; that logger is turned down in simplelogger.properties.)
 */
public final class Monitoring {

    private Monitoring() {}

    /** e.g. "monitoring on 127.0.0.1 only: http://127.0.0.1:9876/observe/health and .../observe/metrics". */
    public static String startedLine(String host, int port) {
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        String base = "http://" + h + ":" + port + "/observe";
        boolean everywhere = host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
        String where = everywhere ? "on every network interface (" + host + ")" : "on " + host + " only";
        return "monitoring " + where + ": " + base + "/health and " + base + "/metrics";
    }
}
