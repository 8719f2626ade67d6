package dev.caravan.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.caravan.testing.StubServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * README's Run command, for real: {@code ./caravan} in a process group of its own, Ctrl-C (SIGINT to the whole group,
 * as a terminal sends it) while a page is being fetched from a loopback stub. The command must return only after
 * Caravan stopped gracefully (the in-flight job finished, shutdown lines logged, naming SIGINT), and leave no process
 * behind. Started without a search key, as a newcomer would: its console warns about that after startup and names
 * {@code ./demo}, and holds no terminal escape codes.
 */
class RunCommandSigintTest {

    @TempDir
    Path work;

    private final StubServer site = new StubServer();
    private final CountDownLatch fetching = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private Process command;

    RunCommandSigintTest() throws IOException {}

    @AfterEach
    void cleanUp() throws Exception {
        release.countDown();
        site.close();
        if (command != null && command.isAlive()) {
            signalGroup("KILL", command.pid());
            command.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void ctrl_c_while_a_page_is_fetched_stops_caravan_gracefully_before_the_command_returns() throws Exception {
        assumeTrue(
                Files.isDirectory(Path.of("/proc/self")) && Files.isExecutable(Path.of("/usr/bin/setsid")),
                "needs Linux /proc and setsid");
        assumeTrue(
                new ProcessBuilder("/usr/bin/env", "--default-signal=INT", "true")
                                .start()
                                .waitFor()
                        == 0,
                "needs env --default-signal (GNU coreutils 8.31 or later)");
        site.page("/robots.txt", 404, "text/plain", "");
        site.on("/slow", StubServer.stalling(fetching, release));
        Files.createDirectories(work.resolve("input"));
        Files.writeString(work.resolve("input/slow.json"), "{\"urls\": [\"" + site.url("/slow") + "\"]}");
        Path log = work.resolve("caravan.log");

        // SIGINT back to its default, as at a terminal: a command started in the background of a script (mvn verify
        // run with &) inherits SIGINT ignored, and so would Caravan's JVM, which then never sees the Ctrl-C
        ProcessBuilder pb = new ProcessBuilder("/usr/bin/setsid", "/usr/bin/env", "--default-signal=INT", "./caravan")
                .directory(Path.of("").toAbsolutePath().toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.PIPE);
        Map<String, String> env = pb.environment();
        env.put("RESEARCH_INPUT_DIR", work.resolve("input").toString());
        env.put("RESEARCH_OUTPUT_DIR", work.resolve("output").toString());
        env.put("RESEARCH_CACHE_DIR", work.resolve("cache").toString());
        env.put("RESEARCH_GUARD_ALLOWED_ADDRESSES", "127.0.0.1/32");
        env.put("RESEARCH_INPUT_POLL_DELAY_MS", "100");
        env.put("RESEARCH_INPUT_SETTLE_MS", "100");
        env.put("RESEARCH_FETCH_HOST_DELAY_MS", "0");
        env.put("RESEARCH_FETCH_TIMEOUT_MS", "60000");
        env.put("RESEARCH_TAVILY_BASE_URL", "http://127.0.0.1:9");
        env.remove("TAVILY_API_KEY");
        Instant started = Instant.now();
        command = pb.start();
        command.getOutputStream().close(); // no stdin, as in CI
        long group = command.pid(); // setsid made the command a process-group leader: its group id is its pid

        assertThat(fetching.await(240, TimeUnit.SECONDS))
                .as("the page request reached the stub; log:\n%s", text(log))
                .isTrue();
        Instant fetchSeen = Instant.now();
        signalGroup("INT", group);
        Instant signalled = Instant.now();

        boolean aliveWhileJobInFlight;
        try {
            await().during(Duration.ofMillis(1500))
                    .atMost(Duration.ofSeconds(5))
                    .until(command::isAlive);
            aliveWhileJobInFlight = true;
        } catch (ConditionTimeoutException e) {
            aliveWhileJobInFlight = false;
        }
        release.countDown(); // the stalled page answers; the in-flight job can finish
        assertThat(command.waitFor(90, TimeUnit.SECONDS))
                .as("the command returned; log:\n%s", text(log))
                .isTrue();
        Instant returned = Instant.now();
        String output = text(log);

        System.out.printf(
                java.util.Locale.ROOT,
                "RunCommandSigintTest: build+start to fetch %d ms, SIGINT to return %d ms, exit code %d%n",
                Duration.between(started, fetchSeen).toMillis(),
                Duration.between(signalled, returned).toMillis(),
                command.exitValue());
        assertThat(aliveWhileJobInFlight)
                .as("Caravan waits for the in-flight job instead of dying at once")
                .isTrue();
        assertThat(command.exitValue()).as(output).isEqualTo(130);
        assertThat(output).contains("is shutting down").contains("shutdown in");
        assertThat(output)
                .as("the stop names the signal that was sent")
                .contains("Ctrl-C (SIGINT) received: stopping gracefully")
                .doesNotContain("SIGTERM");
        assertThat(output).as("no escape codes from Maven or anything else").doesNotContain("\u001b");
        int startedLine = output.indexOf(") started in ");
        int warning = output.indexOf("WARN caravan - no search provider can be used: tavily");
        assertThat(warning)
                .as("without a key, a WARN line after Camel's startup summary points to ./demo")
                .isGreaterThan(startedLine)
                .isGreaterThan(output.lastIndexOf("Auto-configuration summary"));
        assertThat(output.substring(warning, output.indexOf('\n', warning))).contains("./demo");
        java.util.regex.Matcher done =
                java.util.regex.Pattern.compile("job slow/[0-9TZ-]+ done").matcher(output);
        assertThat(done.find() ? done.start() : -1)
                .as("the in-flight job finished before the shutdown completed")
                .isGreaterThan(0)
                .isLessThan(output.lastIndexOf("shutdown in"));
        assertThat(processesInGroup(group))
                .as("no process of the command is left")
                .isEmpty();
    }

    private static void signalGroup(String signal, long group) throws Exception {
        new ProcessBuilder("bash", "-c", "kill -" + signal + " -- -" + group)
                .inheritIO()
                .start()
                .waitFor();
    }

    /** Live processes whose process group is {@code group}, from /proc/<pid>/stat (field 5). */
    private static List<String> processesInGroup(long group) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+"))
                    .toList()) {
                try {
                    String stat = Files.readString(p.resolve("stat"));
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    if (Long.parseLong(fields[2]) == group && !fields[0].equals("Z")) found.add(p + ": " + stat);
                } catch (IOException | RuntimeException gone) {
                    // the process ended while we looked
                }
            }
        }
        return found;
    }

    private static String text(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }
}
