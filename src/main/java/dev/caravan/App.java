package dev.caravan;

import dev.caravan.config.ClearCache;
import dev.caravan.config.PropertyReader;
import dev.caravan.config.RuntimeSettings;
import dev.caravan.config.SettingsSource;
import dev.caravan.model.LogText;
import dev.caravan.model.SuppressForbidden;
import dev.caravan.progress.Progress;
import dev.caravan.rank.ModelLibrariesOffline;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.camel.CamelContext;
import org.apache.camel.main.BaseMainSupport;
import org.apache.camel.main.Main;
import org.apache.camel.main.MainListenerSupport;

/**
 * Starts Caravan: reads {@code application.properties} from the working directory and loads {@code routes/*.yaml}.
 * The configuration classes are named in {@code camel.main.configuration-classes}; there is no classpath scan, so
 * each runs exactly once.
 *
 * <p>Exit codes: {@value #OK} after a normal stop (Ctrl-C, SIGTERM, or run-once mode with every job done),
 * {@value #JOBS_FAILED} in run-once mode when any job of the run failed, {@value #STARTUP_FAILED} when Caravan could
 * not start (a bad setting, said in one line on stderr), {@value #EMPTY_QUERIES} in run-once mode when every job ran
 * but some query got no page. {@code --clear-cache} empties the persistent cache and exits.
 */
public final class App {

    static final int OK = 0;
    static final int JOBS_FAILED = 1;
    static final int STARTUP_FAILED = 2;
    static final int EMPTY_QUERIES = 3;

    private App() {}

    @SuppressForbidden("the command line: a failed startup is said in one line on stderr")
    public static void main(String[] args) {
        ModelLibrariesOffline.apply(); // first: no library may call home (the embedding model's tokenizer would)
        if (Arrays.asList(args).contains(ClearCache.OPTION)) {
            clearCache();
            return;
        }
        Main main = new Main();
        if (System.getProperty("camel.main.property-placeholder-location") == null) {
            main.setPropertyPlaceholderLocations("file:application.properties");
        }
        // the registry is emptied when Camel stops: keep what the exit code needs once it has started
        AtomicReference<RunState> started = new AtomicReference<>();
        main.addMainListener(new MainListenerSupport() {
            @Override
            public void afterStart(BaseMainSupport m) {
                CamelContext context = m.getCamelContext();
                started.set(new RunState(
                        context.getRegistry().lookupByNameAndType("runtimeSettings", RuntimeSettings.class),
                        context.getRegistry().lookupByNameAndType("progress", Progress.class)));
            }
        });
        StopSignals.install();
        try {
            // Camel binds some of these keys (monitoring, idle exit) itself before Caravan's configuration runs
            RuntimeSettings.read(new PropertyReader(SettingsSource.beforeCamel(Path.of("application.properties"))));
            main.run(args);
        } catch (Throwable t) {
            System.err.println("Caravan did not start: " + StartupFailure.describe(t));
            System.err.flush();
            System.out.flush();
            Runtime.getRuntime().halt(STARTUP_FAILED); // nothing ran; no shutdown hook should log a "graceful stop"
        }
        System.exit(exitCode(started.get()));
    }

    /** {@code --clear-cache}: empties the persistent cache and exits, 0 when done, 2 when the settings are bad. */
    @SuppressForbidden("the command line: what was cleared, or why not, in one line")
    private static void clearCache() {
        try {
            PropertyReader props = new PropertyReader(SettingsSource.beforeCamel(Path.of("application.properties")));
            System.out.println("Caravan: " + ClearCache.run(props));
            System.exit(OK);
        } catch (Exception e) {
            System.err.println("Caravan did not clear the cache: " + StartupFailure.describe(e));
            System.exit(STARTUP_FAILED);
        }
    }

    /** What the exit code depends on: the mode, and the jobs that failed. */
    record RunState(RuntimeSettings settings, Progress progress) {}

    /**
     * In run-once mode: {@link #JOBS_FAILED} when a job of this run failed, else {@link #EMPTY_QUERIES} when a query
     * got no page, else {@link #OK}; always {@link #OK} otherwise.
     */
    @SuppressForbidden("the command line: why the exit code is not 0, on stderr")
    static int exitCode(RunState state) {
        if (state == null
                || state.settings() == null
                || state.progress() == null
                || !state.settings().runOnce()) {
            return OK;
        }
        int failed = state.progress().failedJobs();
        if (failed == 0) {
            int empty = state.progress().emptyQueries();
            if (empty == 0) return OK;
            System.err.println("Caravan: " + LogText.count(empty, "query", "queries")
                    + " of this run got no page (see the reports and" + " events.jsonl); exit code " + EMPTY_QUERIES);
            return EMPTY_QUERIES;
        }
        System.err.println("Caravan: " + LogText.count(failed, "job", "jobs")
                + " of this run failed (see input/failed/ and events.jsonl); " + "exit code " + JOBS_FAILED);
        return JOBS_FAILED;
    }
}
