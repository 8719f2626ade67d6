package dev.caravan;

import dev.caravan.model.SuppressForbidden;
import java.util.Locale;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Says which signal stops Caravan. Camel's shutdown hook cannot tell Ctrl-C from {@code kill} and logged every stop
 * as "triggered by SIGTERM" (that line is turned off in simplelogger.properties); this handler logs the real signal,
 * then hands it to the JVM's own handler, which runs the shutdown hooks (Camel's graceful stop) and exits with
 * 128 + the signal's number.
 */
@SuppressForbidden("sun.misc.Signal is the only way to tell which signal stops the JVM; the JVM's handler still runs")
final class StopSignals {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger("caravan");

    private StopSignals() {}

    /** Installs the handlers for SIGINT, SIGTERM and SIGHUP; a signal the JVM does not handle is left alone. */
    static void install() {
        for (String name : new String[] {"INT", "TERM", "HUP"}) {
            try {
                Signal signal = new Signal(name);
                SignalHandler[] previous = new SignalHandler[1];
                previous[0] = Signal.handle(signal, s -> {
                    LOG.info(line(s.getName()));
                    previous[0].handle(s);
                });
                // ignored when the JVM started (a background job, nohup): it stays ignored, nothing to say
                if (previous[0] == SignalHandler.SIG_IGN || previous[0] == SignalHandler.SIG_DFL) {
                    Signal.handle(signal, previous[0]);
                }
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // not on this platform, or -Xrs: the JVM's default handling applies, only without this line
            }
        }
    }

    /** The log line for a stop signal, e.g. {@code INT}. */
    static String line(String signal) {
        String what = switch (signal) {
            case "INT" -> "Ctrl-C (SIGINT)";
            case "TERM" -> "SIGTERM";
            default -> "SIG" + signal.toUpperCase(Locale.ROOT);
        };
        return what + " received: stopping gracefully; running jobs may finish within camel.main.shutdown-timeout";
    }
}
