package dev.caravan.messaging;

import static dev.caravan.messaging.SharedFetchingTest.DELAY_MS;
import static dev.caravan.messaging.SharedFetchingTest.GAP_SLACK_MS;
import static dev.caravan.messaging.SharedFetchingTest.JSON;
import static dev.caravan.messaging.SharedFetchingTest.drop;
import static dev.caravan.messaging.SharedFetchingTest.progress;
import static dev.caravan.messaging.SharedFetchingTest.shared;
import static dev.caravan.messaging.SharedFetchingTest.sidecars;
import static dev.caravan.messaging.SharedFetchingTest.urls;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.caravan.App;
import dev.caravan.testing.HostSites;
import dev.caravan.testing.LiveFolder;
import dev.caravan.testing.StubServer;
import jakarta.jms.Message;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Shared fetching when things go wrong: a fetching instance killed (SIGKILL) mid-batch, hosts taken over from a killed
 * instance between jobs, an owner killed mid-job, a task that gets no result in time, and a job's page budget with two
 * instances fetching. The instances that are
 * killed run in JVMs of their own; the broker is a separate one, as operations would run it.
 */
class SharedFetchingFailuresTest {

    EmbeddedBroker broker;
    HostSites sites;
    StubServer stub;
    StubServer stalling;
    JmsClient client;
    final List<Caravan> instances = new ArrayList<>();
    final List<Process> children = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (Process p : children) p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        if (client != null) client.close();
        for (Caravan c : instances) c.close();
        if (broker != null) broker.stop();
        if (sites != null) sites.close();
        if (stub != null) stub.close();
        if (stalling != null) stalling.close();
    }

    @Test
    void a_fetching_instance_killed_mid_batch_loses_no_page_and_repeats_none() throws Exception {
        List<String> paths = List.of("/p0", "/p1", "/p2");
        // the broker deals new hosts to the consumers that are waiting, in turn: with 16 consumers on beta and 2 on
        // alpha, beta takes most of the 24 hosts however busy the machine is, and alpha takes them over when beta dies
        sites = new HostSites(24, paths, 100);
        int port = startBroker();
        Path beta = Files.createTempDirectory("caravan-beta");
        // a redelivered task's host waits the longest a dead instance's request may run (timeout-ms + delay) on one of
        // alpha's two consumers: a short timeout keeps the takeover of beta's tasks to seconds on a busy machine
        Process child = startChild(
                beta,
                "beta",
                port,
                Map.of("research.fetch.shared.consumers", "16", "research.fetch.timeout-ms", "1000"));
        awaitStarted(beta);
        Properties few = shared("alpha", port);
        few.put("research.fetch.shared.consumers", "2");
        few.put("research.fetch.timeout-ms", "1000");
        Caravan alpha = Caravan.start("http://127.0.0.1:9", few);
        instances.add(alpha);

        drop(alpha, "batch", urls(sites, paths));
        // alpha's answered tasks beyond those it fetched itself came from beta
        await("the killed instance's first results reached the owner")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(20))
                .until(() ->
                        progress(alpha).fetchTasks("answered") - progress(alpha).fetchTasks("received") >= 3);
        child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        long fetchedByBeta = count(beta, "fetched for alpha");

        await("the report")
                .atMost(Duration.ofSeconds(60))
                .until(() -> sidecars(alpha, "batch").size() == 1);
        JsonNode report = sidecars(alpha, "batch").get(0);
        Set<String> urls = new HashSet<>();
        Set<String> by = new HashSet<>();
        for (JsonNode source : report.path("sources")) {
            assertThat(source.path("status").asText()).as(source.toString()).isEqualTo("fetched");
            urls.add(source.path("url").asText());
            by.add(source.path("fetched_by").asText());
        }
        assertThat(report.path("sources")).hasSize(72);
        assertThat(urls).as("every page once in the report").hasSize(72);
        assertThat(by).containsExactlyInAnyOrder("alpha", "beta");
        assertThat(sites.requestsPerPage()).as("every page reached its site").hasSize(72);
        double gap = sites.shortestGapMs();
        System.out.printf(
                java.util.Locale.ROOT,
                "FIGURE fetching instance killed after %d results: %d task(s) redelivered, %d page(s) asked twice,"
                        + " shortest gap %.1f ms%n",
                fetchedByBeta,
                progress(alpha).fetchTasks("redelivered"),
                sites.requestsPerPage().values().stream().filter(n -> n > 1).count(),
                gap);
        assertThat(gap)
                .as("the hosts the dead instance had wait a delay when they move")
                .isGreaterThanOrEqualTo(DELAY_MS - GAP_SLACK_MS);
        assertThat(progress(alpha).fetchTasks("timed_out")).isZero();
    }

    @Test
    void a_host_taken_over_from_a_killed_instance_waits_the_delay_from_its_last_request_there() throws Exception {
        // the killed instance holds no task of its hosts (no redelivery to go by): the next job's tasks for them go
        // to the other instance at once, within the delay of the dead one's last requests
        long delayMs = 3000;
        sites = new HostSites(6, List.of("/first", "/second"), 0);
        int port = startBroker();
        Path beta = Files.createTempDirectory("caravan-beta");
        Process child = startChild(
                beta,
                "beta",
                port,
                Map.of(
                        "research.fetch.shared.consumers",
                        "16",
                        "research.fetch.host-delay-ms",
                        String.valueOf(delayMs)));
        awaitStarted(beta);
        Properties one = shared("alpha", port);
        one.put("research.fetch.shared.consumers", "1");
        one.put("research.fetch.host-delay-ms", String.valueOf(delayMs));
        Caravan alpha = Caravan.start("http://127.0.0.1:9", one);
        instances.add(alpha);

        drop(alpha, "first", urls(sites, List.of("/first")));
        await("the first report")
                .atMost(Duration.ofSeconds(60))
                .until(() -> sidecars(alpha, "first").size() == 1);
        child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        drop(alpha, "second", urls(sites, List.of("/second")));
        await("the second report")
                .atMost(Duration.ofSeconds(60))
                .until(() -> sidecars(alpha, "second").size() == 1);

        long movedHosts = 0;
        for (JsonNode source : sidecars(alpha, "first").get(0).path("sources")) {
            if (source.path("fetched_by").asText().equals("beta")) movedHosts++;
        }
        for (JsonNode source : sidecars(alpha, "second").get(0).path("sources")) {
            assertThat(source.path("status").asText()).as(source.toString()).isEqualTo("fetched");
            assertThat(source.path("fetched_by").asText()).isEqualTo("alpha");
        }
        assertThat(movedHosts).as("hosts beta had asked, then alpha").isPositive();
        double gap = sites.shortestGapMs();
        System.out.printf(
                java.util.Locale.ROOT,
                "FIGURE %d host(s) taken over from a killed instance: shortest gap %.1f ms%n",
                movedHosts,
                gap);
        assertThat(gap).as("a host taken over waits its delay").isGreaterThanOrEqualTo(delayMs - GAP_SLACK_MS);
    }

    @Test
    void an_owner_killed_mid_job_gives_one_report_and_its_late_results_are_dropped() throws Exception {
        List<String> paths = List.of("/p0", "/p1", "/p2", "/p3", "/p4", "/p5");
        sites = new HostSites(4, paths, 100);
        int port = startBroker();
        // the fetching instance takes its jobs from another queue: the job goes to the owner
        Properties fetcher = shared("alpha", port);
        fetcher.put("research.jms.queue", "caravan.other-jobs");
        Caravan alpha = Caravan.start("http://127.0.0.1:9", fetcher);
        instances.add(alpha);
        Path owner = Files.createTempDirectory("caravan-owner");
        // one consumer on the owner: most of the 4 hosts go to alpha's 16
        Process child = startChild(owner, "owner", port, Map.of("research.fetch.shared.consumers", "1"));
        awaitStarted(owner);

        client = MessagingTestSupport.client(port);
        String job = JSON.writeValueAsString(Map.of("queries", List.of(Map.of("urls", urls(sites, paths)))));
        client.sendText("caravan.jobs", job, "corr-owner", Map.of("CaravanJob", "owned"));
        await("the owner's job is under way")
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> progress(alpha).fetchTasks("received") >= 4);
        child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        assertThat(LiveFolder.files(owner.resolve("output"), 4, n -> n.endsWith(".md")))
                .as("no report before the kill")
                .isEmpty();

        // the same instance name comes back (a restart): the job is redelivered to it
        Caravan restarted = start("owner", port);
        Message event = MessagingTestSupport.next(client, "caravan.reports");
        assertThat(event.getJMSCorrelationID()).isEqualTo("corr-owner");
        assertThat(restarted.reports()).hasSize(1);
        JsonNode report = sidecars(restarted, "owned").get(0);
        Set<String> urls = new HashSet<>();
        for (JsonNode source : report.path("sources")) {
            assertThat(source.path("status").asText()).as(source.toString()).isEqualTo("fetched");
            urls.add(source.path("url").asText());
        }
        assertThat(urls).hasSize(24);
        client.sendText(
                "caravan.jobs",
                JSON.writeValueAsString(Map.of("queries", List.of(Map.of("urls", List.of(sites.url(0, "/p0")))))),
                "corr-sentinel",
                Map.of("CaravanJob", "sentinel"));
        MessagingTestSupport.assertNextIsSentinelCorrelation(client, "caravan.reports", "corr-sentinel");
        System.out.printf(
                java.util.Locale.ROOT,
                "FIGURE owner killed: %d task(s) of the dead run fetched anyway, %d late result(s) dropped by the"
                        + " restarted owner, %d page request(s) for 24 pages%n",
                progress(alpha).fetchTasks("received") - progress(restarted).fetchTasks("sent"),
                progress(restarted).fetchTasks("dropped"),
                sites.requestsPerPage().values().stream()
                        .mapToInt(Integer::intValue)
                        .sum());
        assertThat(client.depth("caravan.jobs")).isZero();
        assertThat(client.depth("caravan.jobs.dead")).isZero();
    }

    @Test
    void a_task_still_waiting_at_the_broker_at_its_deadline_is_dropped_there_and_never_fetched() throws Exception {
        stalling = new StubServer("127.0.0.2");
        stalling.page("/robots.txt", 200, "text/plain", "User-agent: *\nAllow: /\n");
        List<String> paths = List.of("/s0", "/s1", "/s2", "/s3");
        for (String path : paths) {
            stalling.on(path, (ex, body) -> {
                try {
                    Thread.sleep(2500);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                StubServer.respond(ex, 200, "text/html", HostSites.article(0, path));
            });
        }
        Caravan alpha = startWithShortTaskDeadline();

        drop(alpha, "expiry", paths.stream().map(stalling::url).toList());
        await("the report")
                .atMost(Duration.ofSeconds(30))
                .until(() -> sidecars(alpha, "expiry").size() == 1);
        // the host's consumer is held by its first page for 2.5 s: the other tasks pass their deadline meanwhile
        await("the first page's late result")
                .atMost(Duration.ofSeconds(20))
                .until(() -> progress(alpha).fetchTasks("dropped") >= 1);
        Thread.sleep(1000); // time for a task the broker kept to reach the consumer, were it kept

        assertThat(sidecars(alpha, "expiry").get(0).path("sources"))
                .hasSize(4)
                .allSatisfy(source -> assertThat(source.path("status").asText()).isEqualTo("failed"));
        assertThat(progress(alpha).fetchTasks("expired"))
                .as("tasks a consumer received past their deadline")
                .isZero();
        assertThat(stalling.requests().stream().filter(r -> r.path().startsWith("/s")))
                .as("pages asked")
                .hasSize(1);
    }

    @Test
    void a_task_without_a_result_within_its_deadline_is_not_retrieved_with_that_reason() throws Exception {
        stub = new StubServer();
        stub.page("/robots.txt", 200, "text/plain", "User-agent: *\nAllow: /\n");
        stub.page("/quick", 200, "text/html", HostSites.article(0, "/quick"));
        // a host of its own, so the quick page never waits behind it
        stalling = new StubServer("127.0.0.2");
        stalling.page("/robots.txt", 200, "text/plain", "User-agent: *\nAllow: /\n");
        stalling.on("/stalls", (ex, body) -> {
            try {
                Thread.sleep(3000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            StubServer.respond(ex, 200, "text/html", HostSites.article(0, "/stalls"));
        });
        Caravan alpha = startWithShortTaskDeadline();

        drop(alpha, "deadline", List.of(stub.url("/quick"), stalling.url("/stalls")));
        await("the report")
                .atMost(Duration.ofSeconds(30))
                .until(() -> sidecars(alpha, "deadline").size() == 1);
        JsonNode sources = sidecars(alpha, "deadline").get(0).path("sources");
        assertThat(sources.get(0).path("status").asText()).isEqualTo("fetched");
        assertThat(sources.get(1).path("url").asText()).endsWith("/stalls");
        assertThat(sources.get(1).path("status").asText()).isEqualTo("failed");
        assertThat(sources.get(1).path("reason").asText())
                .isEqualTo("no result from a fetching instance within 1500 ms (research.fetch.shared.task-timeout-ms)");
        Path md = LiveFolder.files(alpha.output().resolve("deadline"), 2, n -> n.endsWith(".md"))
                .get(0);
        assertThat(Files.readString(md))
                .contains("## Not retrieved")
                .contains("no result from a fetching instance within 1500 ms");
        assertThat(progress(alpha).fetchTasks("timed_out")).isEqualTo(1);
        await("the late result comes and is dropped")
                .atMost(Duration.ofSeconds(20))
                .until(() -> progress(alpha).fetchTasks("dropped") == 1);
    }

    @Test
    void a_jobs_page_budget_holds_whichever_instance_fetches() throws Exception {
        List<String> paths = List.of("/p0", "/p1");
        sites = new HostSites(6, paths, 0);
        int port = startBroker();
        Caravan alpha = start("alpha", port);
        start("beta", port);
        String job = JSON.writeValueAsString(
                Map.of("budget", Map.of("pages", 5), "queries", List.of(Map.of("urls", urls(sites, paths)))));
        Path staged = alpha.work.resolve("budget.tmp");
        Files.writeString(staged, job);
        Files.move(staged, alpha.work.resolve("input/budget.json"));

        await("the report")
                .atMost(Duration.ofSeconds(30))
                .until(() -> sidecars(alpha, "budget").size() == 1);
        int fetched = 0;
        int overBudget = 0;
        for (JsonNode source : sidecars(alpha, "budget").get(0).path("sources")) {
            if (source.path("status").asText().equals("fetched")) fetched++;
            if (source.path("outcome").asText().equals("budget_reached")) overBudget++;
        }
        assertThat(fetched).isEqualTo(5);
        assertThat(overBudget).isEqualTo(7);
        assertThat(sites.requestsPerPage().values().stream()
                        .mapToInt(Integer::intValue)
                        .sum())
                .as("page requests at the sites")
                .isEqualTo(5);
        assertThat(progress(alpha).fetchTasks("sent")).isEqualTo(5);
    }

    /** One instance on a fresh broker whose fetch tasks get 1.5 s for their result, while a request may take 10 s. */
    private Caravan startWithShortTaskDeadline() throws Exception {
        Properties p = shared("alpha", startBroker());
        p.put("research.fetch.shared.task-timeout-ms", "1500");
        p.put("research.fetch.timeout-ms", "10000");
        Caravan alpha = Caravan.start("http://127.0.0.1:9", p);
        instances.add(alpha);
        return alpha;
    }

    private int startBroker() throws Exception {
        int port = Caravan.freePort();
        broker = MessagingTestSupport.standaloneBroker(port);
        return port;
    }

    private Caravan start(String name, int port) throws Exception {
        Caravan c = Caravan.start("http://127.0.0.1:9", shared(name, port));
        instances.add(c);
        return c;
    }

    /** Caravan in a JVM of its own sharing its fetching through the broker, configured as an operator would. */
    private Process startChild(Path work, String name, int port, Map<String, String> extra) throws Exception {
        Properties p = shared(name, port);
        p.put("camel.main.name", "caravan-" + name);
        p.put("research.input.dir", work.resolve("input").toString());
        p.put("research.output.dir", work.resolve("output").toString());
        p.put("research.cache.dir", work.resolve("cache").toString());
        p.put("research.tavily.base-url", "http://127.0.0.1:9");
        p.put("research.jms.enabled", "true");
        p.put("research.jms.data-dir", work.resolve("artemis").toString());
        p.putAll(extra);
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String key : p.stringPropertyNames()) cmd.add("-D" + key + "=" + p.getProperty(key));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(App.class.getName());
        Files.createDirectories(work);
        Process child = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("console.log").toFile())
                .start();
        children.add(child);
        return child;
    }

    /** Waits until the child's routes run, its fetch consumers among them. */
    private static void awaitStarted(Path work) {
        awaitLog(work, ") started in ");
    }

    private static void awaitLog(Path work, String text) {
        await("the child logs '" + text + "'")
                .atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> count(work, text) > 0);
    }

    private static long count(Path work, String text) throws Exception {
        Path log = work.resolve("console.log");
        if (!Files.exists(log)) return 0;
        return Files.readAllLines(log).stream().filter(l -> l.contains(text)).count();
    }
}
