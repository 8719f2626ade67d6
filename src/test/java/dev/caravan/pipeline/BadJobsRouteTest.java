package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.caravan.testing.LiveFolder;
import dev.caravan.testing.SpecialFiles;
import dev.caravan.testing.TavilyStub.Result;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Every kind of bad job ends in the failed folder with its reason, and a good job dropped with them still runs. */
class BadJobsRouteTest extends PipelineTestSupport {

    @Override
    void overrides(Properties p) {
        p.put("research.input.max-bytes", "1048576");
        // the failures are counted in a metric, and metrics are only kept while monitoring is on
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            p.put("research.metrics.port", Integer.toString(free.getLocalPort()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        p.put("research.metrics.enabled", "true");
    }

    @Test
    void each_bad_job_is_refused_with_its_own_reason_while_a_good_job_runs() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/ok", 200, "text/html", article("Fine", "Good jobs still run when bad ones sit beside them."));
        tavily.results("good jobs", new Result(site.url("/ok"), "Fine", ""));
        Map<String, byte[]> bad = new LinkedHashMap<>();
        bad.put("malformed.json", "{\"queries\": [\"a\",".getBytes(StandardCharsets.UTF_8));
        bad.put("malformed.yaml", "queries:\n  - query: [unclosed\n".getBytes(StandardCharsets.UTF_8));
        bad.put("empty.txt", new byte[0]);
        bad.put("binary.json", new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0, 0, 13, 'I', 'H', 'D', 'R'});
        bad.put("huge.txt", ("query line\n".repeat(2_000_000)).getBytes(StandardCharsets.UTF_8));
        bad.put("latin1.txt", "caf\u00e9 prices\n".getBytes(StandardCharsets.ISO_8859_1));
        bad.put(
                "unknown.json",
                "{\"queries\": [{\"query\": \"x\", \"maxResults\": 3}]}".getBytes(StandardCharsets.UTF_8));
        bad.put(
                "range.json",
                "{\"queries\": [{\"query\": \"x\", \"max_results\": 500}]}".getBytes(StandardCharsets.UTF_8));
        bad.put("topic.yaml", "queries:\n  - query: x\n    topic: sports\n".getBytes(StandardCharsets.UTF_8));
        bad.put("long.txt", ("q".repeat(401) + "\n").getBytes(StandardCharsets.UTF_8));
        Map<String, String> expected = Map.of(
                "malformed.json", "malformed JSON at line 1",
                "malformed.yaml", "malformed YAML",
                "empty.txt", "the job file is empty",
                "binary.json", "binary",
                "huge.txt", "the limit is 1048576 bytes",
                "latin1.txt", "not UTF-8",
                "unknown.json", "unknown option 'maxResults'",
                "range.json", "max_results in query 1 must be a whole number from 0 to 20, got 500",
                "topic.yaml", "topic in query 1 must be one of general, news, finance, got \"sports\"",
                "long.txt", "401 characters long");
        for (var e : bad.entrySet()) dropBytes(e.getKey(), e.getValue());
        drop("good.txt", "good jobs\n");

        assertThat(read(awaitReport("good/good-jobs.md"))).contains("### [1] Fine");
        List<Path> reasons = awaitMoved("failed", ".error.txt", bad.size());
        for (var e : expected.entrySet()) {
            Path reason = reasons.stream()
                    .filter(r -> r.getFileName().toString().endsWith(e.getKey() + ".error.txt"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no reason file for " + e.getKey()));
            assertThat(read(reason)).as(e.getKey()).contains(e.getValue());
            assertThat(reason.resolveSibling(reason.getFileName().toString().replace(".error.txt", "")))
                    .exists();
        }
        assertThat(tavily.searchCalls()).isEqualTo(1);
        List<String> fileFailures = java.nio.file.Files.readAllLines(output().resolve("events.jsonl")).stream()
                .filter(l -> l.contains("\"event\":\"job_file_failed\""))
                .toList();
        assertThat(fileFailures)
                .hasSize(bad.size())
                .anyMatch(l -> l.contains("\"file\":\"malformed.json\"") && l.contains("malformed JSON at line 1"));
        var meters = context.getRegistry()
                .lookupByNameAndType("metricsRegistry", io.micrometer.core.instrument.MeterRegistry.class);
        assertThat(meters.get("caravan.errors")
                        .tag("kind", "job_file")
                        .counter()
                        .count())
                .isEqualTo(bad.size());
    }

    private void goodJobSite() {
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/ok", 200, "text/html", article("Fine", "Good jobs still run when bad ones sit beside them."));
        tavily.results("good jobs", new Result(site.url("/ok"), "Fine", ""));
    }

    /** The failed job file that {@code reason} (its .error.txt) explains. */
    private static Path explained(Path reason) {
        String name = reason.getFileName().toString();
        return reason.resolveSibling(name.substring(0, name.length() - ".error.txt".length()));
    }

    private List<String> events(String event) throws java.io.IOException {
        Path file = output().resolve("events.jsonl");
        if (!Files.exists(file)) return List.of();
        return Files.readAllLines(file).stream()
                .filter(l -> l.contains("\"event\":\"" + event + "\""))
                .toList();
    }

    @Test
    void a_fifo_in_input_is_refused_with_a_reason_and_never_opened() throws Exception {
        goodJobSite();
        Files.createDirectories(input());
        Path fifo = SpecialFiles.mkfifo(input().resolve("x.txt"));
        try {
            drop("good.txt", "good jobs\n");

            assertThat(read(awaitReport("good/good-jobs.md"))).contains("### [1] Fine");
            Path reason = awaitMoved("failed", "x.txt.error.txt", 1).get(0);
            assertThat(read(reason)).contains("not a regular file (a named pipe, device or socket)");
            BasicFileAttributes moved =
                    Files.readAttributes(explained(reason), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            assertThat(moved.isOther())
                    .as("the pipe itself is in the failed folder")
                    .isTrue();
            assertThat(fifo).doesNotExist();
        } finally {
            SpecialFiles.unblock(fifo);
        }
    }

    @Test
    void a_symbolic_link_in_input_is_refused_and_its_target_is_never_read() throws Exception {
        goodJobSite();
        Path outside = Files.createDirectories(work.resolve("outside"));
        Path secrets = Files.writeString(outside.resolve("secrets.txt"), "AKIAIOSFODNN7EXAMPLE\n");
        Path keys = Files.writeString(
                outside.resolve("cloud.json"), "{\"aws_secret_access_key\": \"x\", \"queries\": [\"q\"]}");
        Files.createDirectories(input());
        Files.createSymbolicLink(input().resolve("leak.txt"), secrets);
        Files.createSymbolicLink(input().resolve("keys.json"), keys);
        drop("good.txt", "good jobs\n");

        assertThat(read(awaitReport("good/good-jobs.md"))).contains("### [1] Fine");
        List<Path> reasons = awaitMoved("failed", ".error.txt", 2);
        for (Path reason : reasons) {
            assertThat(read(reason))
                    .contains("the job file is a symbolic link")
                    .doesNotContain("aws", "AKIA", outside.toString());
            Path link = explained(reason);
            assertThat(Files.isSymbolicLink(link))
                    .as("the link itself was moved")
                    .isTrue();
            assertThat(Files.readSymbolicLink(link)).isIn(secrets, keys);
        }
        assertThat(read(secrets)).isEqualTo("AKIAIOSFODNN7EXAMPLE\n");
        assertThat(tavily.server().requestsTo("/search"))
                .noneMatch(r -> r.body().contains("AKIA"));
        assertThat(tavily.searchCalls()).isEqualTo(1);
    }

    @Test
    void a_job_file_with_a_very_long_name_runs_once_and_is_moved_under_a_shortened_name() throws Exception {
        goodJobSite();
        String good = "東".repeat(78) + ".txt"; // 238 bytes: with the 20-byte stamp, over 255
        String bad = "q".repeat(240) + ".json"; // fails: its .error.txt must fit too
        dropLong(good, "good jobs\n");
        dropLong(bad, "{\"queries\": 5}");

        Path moved = awaitMoved("processed", ".txt", 1).get(0);
        assertThat(moved.getFileName().toString()).contains("東東東東東").endsWith(".txt");
        Path reason = awaitMoved("failed", ".error.txt", 1).get(0);
        assertThat(read(reason)).contains("'queries' must be a list");
        assertThat(explained(reason).getFileName().toString())
                .startsWith(reason.getFileName().toString().substring(0, 40))
                .endsWith(".json");
        assertThat(input().resolve(good)).doesNotExist();
        assertThat(input().resolve(bad)).doesNotExist();
        await().during(Duration.ofMillis(600))
                .atMost(Duration.ofSeconds(5))
                .until(() -> events("job_started").size() == 1);
    }

    /** Drops a file whose name leaves no room for drop's temporary suffix. */
    private void dropLong(String name, String content) throws java.io.IOException {
        Files.createDirectories(input());
        Path temp = Files.writeString(work.resolve("long-" + Integer.toHexString(name.hashCode())), content);
        Files.move(temp, input().resolve(name));
    }

    @Test
    void two_job_names_without_ascii_letters_get_a_folder_each() throws Exception {
        goodJobSite();
        drop("日本.txt", "good jobs\n");
        drop("中国.txt", "good jobs\n");

        awaitMoved("processed", ".txt", 2);
        List<Path> reports = LiveFolder.files(output(), 3, n -> n.equals("good-jobs.md"));
        assertThat(reports).hasSize(2);
        assertThat(reports)
                .extracting(r -> r.getParent().getParent().getFileName().toString())
                .anyMatch(folder -> folder.startsWith("日本-"))
                .anyMatch(folder -> folder.startsWith("中国-"));
    }

    @Test
    void a_hidden_file_in_input_is_left_alone_and_reported_once() throws Exception {
        goodJobSite();
        drop(".draft.txt", "good jobs\n");
        drop(".DS_Store", "\u0000\u0001");
        drop("good.txt", "good jobs\n");

        awaitMoved("processed", ".txt", 1);
        await().during(Duration.ofMillis(600))
                .atMost(Duration.ofSeconds(10))
                .until(() -> events("file_ignored").size() == 2);
        assertThat(events("file_ignored"))
                .allMatch(l -> l.contains("\"reason\":\"hidden\""))
                .anyMatch(l -> l.contains("\"file\":\".draft.txt\""))
                .anyMatch(l -> l.contains("\"file\":\".DS_Store\""));
        assertThat(input().resolve(".draft.txt")).exists();
        assertThat(input().resolve(".DS_Store")).exists();
    }

    @Test
    void a_job_file_name_with_backslashes_is_refused_and_never_reaches_outside_the_input_folder() throws Exception {
        goodJobSite();
        Path outside = Files.writeString(work.resolve("outside.txt"), "AKIAIOSFODNN7EXAMPLE\n");
        Files.createDirectories(input().resolve("processed"));
        // Camel's file headers read a backslash as '/': this name would be input/processed/../../outside.txt
        drop("processed\\..\\..\\outside.txt", "good jobs\n");
        drop("notes\\draft.txt", "good jobs\n");

        List<Path> reasons = awaitMoved("failed", ".error.txt", 2);
        for (Path reason : reasons) assertThat(read(reason)).contains("backslash");
        assertThat(read(outside)).isEqualTo("AKIAIOSFODNN7EXAMPLE\n");
        assertThat(LiveFolder.files(work, 1, n -> true)).containsExactly(outside);
        assertThat(tavily.server().requestsTo("/search"))
                .noneMatch(r -> r.body().contains("AKIA"));
    }
}
