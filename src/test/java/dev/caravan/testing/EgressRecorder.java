package dev.caravan.testing;

import dev.caravan.model.SuppressForbidden;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.Permission;
import java.util.Locale;

/**
 * A security manager for a child JVM under test, which records every outbound connection and every host name lookup
 * made by any code in that JVM (Caravan's HTTP client, the JMS client, a library's own {@code HttpURLConnection} or raw
 * socket) and refuses every one that is not to loopback, so that nothing leaves the machine while it is recorded.
 * Everything else is allowed.
 *
 * <p>Started with {@code -Djava.security.manager=dev.caravan.testing.EgressRecorder} and the class on the boot class
 * path; writes one line per event to the file named by the system property {@value #LOG}: {@code connect HOST:PORT by
 * CLASS}, {@code lookup HOST by CLASS} (CLASS: the first caller outside the JDK), and once at start {@code classpath
 * PATH}. Uses only the JDK, so it can load before anything else.
 */
@SuppressWarnings("removal")
@SuppressForbidden(
        "Java 17's SecurityManager, started with -Djava.security.manager: the one hook that sees every socket")
public final class EgressRecorder extends SecurityManager {

    public static final String LOG = "caravan.egress.log";

    private final Path log;

    public EgressRecorder() {
        String file = System.getProperty(LOG);
        if (file == null) throw new IllegalStateException("set -D" + LOG + "=FILE");
        log = Path.of(file);
        write("classpath " + System.getProperty("java.class.path"));
    }

    @Override
    public void checkPermission(Permission perm) {
        // everything else is allowed
    }

    @Override
    public void checkPermission(Permission perm, Object context) {
        // everything else is allowed
    }

    @Override
    public void checkConnect(String host, int port) {
        record(host, port);
    }

    @Override
    public void checkConnect(String host, int port, Object context) {
        record(host, port);
    }

    private void record(String host, int port) {
        String what = port < 0 ? "lookup " + host : "connect " + host + ":" + port;
        write(what + " by " + caller());
        if (!isLoopback(host)) throw new SecurityException("refused by the egress test: " + what);
    }

    /** Loopback by its text alone: resolving the name here would recurse into this check. */
    public static boolean isLoopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) h = h.substring(1, h.length() - 1);
        return h.equals("localhost")
                || h.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}")
                || h.equals("::1")
                || h.equals("0:0:0:0:0:0:0:1");
    }

    private static String caller() {
        return StackWalker.getInstance()
                .walk(frames -> frames.map(StackWalker.StackFrame::getClassName)
                        .filter(c -> !c.startsWith("java.")
                                && !c.startsWith("javax.")
                                && !c.startsWith("jdk.")
                                && !c.startsWith("sun.")
                                && !c.equals(EgressRecorder.class.getName()))
                        .findFirst()
                        .orElse("the JDK"));
    }

    private synchronized void write(String line) {
        try {
            Files.writeString(
                    log,
                    line + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new IllegalStateException("cannot record egress to " + log, e);
        }
    }
}
