package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.caravan.testing.TavilyStub.Result;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a job, a provider or a page says reaches the console on its own line, without control characters. */
class LogLinesRouteTest extends PipelineTestSupport {

    private static final String FORGED = "12:00:00.000 INFO caravan - job payroll done: 0 queries";

    @Test
    void a_query_and_a_result_url_with_line_breaks_and_escape_codes_cannot_forge_or_colour_a_line() throws Exception {
        String query = "heat\n" + FORGED + "\u001b[2J\u202eexe.txt";
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/ok", 200, "text/html", article("Fine", "A page about heat pumps and their efficiency."));
        tavily.results(
                query,
                new Result(site.url("/ok"), "ok", ""),
                new Result(site.url("/odd?x=\r\n" + FORGED + "\u009b31m"), "odd", ""));

        String console = consoleWhile(() -> {
            drop(
                    "logs.json",
                    "{\"queries\": [\""
                            + query.replace("\n", "\\n")
                                    .replace("\u001b", "\\u001b")
                                    .replace("\u202e", "\\u202e") + "\"]}");
            awaitMoved("processed", "logs.json", 1);
        });

        List<String> lines = console.lines().toList();
        assertThat(lines).anySatisfy(l -> assertThat(l).contains("searching: heat\\n" + FORGED + "\\u001b[2J"));
        assertThat(lines).noneSatisfy(l -> assertThat(l).startsWith(FORGED));
        assertThat(console).doesNotContain("\u001b", "\u202e", "\u009b", "\r");
    }

    /** Everything the console got (slf4j-simple writes to System.err) while {@code work} ran, echoed as it came. */
    private String consoleWhile(ThrowingRunnable work) throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream both = new PrintStream(
                new OutputStream() {
                    @Override
                    public synchronized void write(int b) {
                        captured.write(b);
                        original.write(b);
                    }
                },
                true,
                StandardCharsets.UTF_8);
        System.setErr(both);
        try {
            work.run();
            // the job's last line ("done: ...") comes after the file has moved
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> captured.toString(StandardCharsets.UTF_8).contains(" done: "));
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    @FunctionalInterface
    private interface ThrowingRunnable {
        void run() throws Exception;
    }
}
