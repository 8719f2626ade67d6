package dev.caravan.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.App;
import dev.caravan.testing.StubServer;
import dev.caravan.testing.TavilyStub;
import dev.caravan.testing.TavilyStub.Result;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.io.File;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Crash safety: Caravan (with its embedded broker) is killed with SIGKILL in the middle of a job. The job message was
 * not acknowledged, and it is persisted, so the next Caravan on the same data folder runs it.
 */
class CrashRedeliveryTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    final CountDownLatch searching = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    Process crashed;
    StubServer slowTavily;
    TavilyStub tavily;
    StubServer site;
    Caravan restarted;
    JmsClient client;

    @AfterEach
    void stop() throws Exception {
        release.countDown();
        if (crashed != null) crashed.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        if (client != null) client.close();
        if (restarted != null) restarted.close();
        for (AutoCloseable c : new AutoCloseable[] {slowTavily, tavily, site}) if (c != null) c.close();
    }

    @Test
    void a_job_cut_off_by_a_crash_is_redelivered_after_restart_and_runs_once() throws Exception {
        // a Tavily that never answers while the first Caravan runs
        slowTavily = new StubServer();
        slowTavily.on("/search", StubServer.stalling(searching, release));
        Path work = Files.createTempDirectory("caravan-crash");
        Path data = work.resolve("artemis");
        int port = Caravan.freePort();

        crashed = startSeparateJvm(work.resolve("first"), port, data, slowTavily.baseUrl());
        awaitPort(port);
        client = MessagingTestSupport.client(port);
        client.sendText(
                "caravan.jobs", "{\"queries\": [\"crash safe query\"]}", "corr-crash", Map.of("CaravanJob", "crash"));
        assertThat(searching.await(60, TimeUnit.SECONDS))
                .as("the first Caravan started the job")
                .isTrue();
        client.close();
        client = null;

        crashed.destroyForcibly(); // SIGKILL: no shutdown hook, no commit, broker dies with it
        assertThat(crashed.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(dev.caravan.testing.LiveFolder.files(work.resolve("first/output/crash"), 3, n -> n.endsWith(".md")))
                .as("no report before the crash")
                .isEmpty();

        tavily = new TavilyStub();
        site = new StubServer();
        site.page("/robots.txt", 200, "text/plain", "User-agent: *\nAllow: /\n");
        site.page(
                "/safe",
                200,
                "text/html; charset=utf-8",
                "<html><head><title>Safe</title></head><body><article>"
                        + "<p>Crash safety means a job survives the process that was running it.</p></article></body></html>");
        tavily.results("crash safe query", new Result(site.url("/safe"), "Safe", "snippet"));
        tavily.results("sentinel query", new Result(site.url("/safe"), "Safe", "snippet"));
        Properties p = MessagingTestSupport.embeddedBrokerOn(port);
        p.put("research.jms.data-dir", data.toString());
        p.put("research.jobs.warm-up-rounds", "0");
        restarted = Caravan.start(tavily.baseUrl(), p);
        client = MessagingTestSupport.client(port);

        Message event = client.receive("caravan.reports", 30_000);
        assertThat(event).as("report event after restart").isNotNull();
        assertThat(event.getJMSCorrelationID()).isEqualTo("corr-crash");
        assertThat(JSON.readTree(((TextMessage) event).getText())
                        .path("report_path")
                        .asText())
                .matches(".*crash\\" + File.separator + "[0-9TZ-]+\\" + File.separator + "crash-safe-query\\.md");
        assertThat(restarted.reports()).containsExactly("crash" + File.separator + "crash-safe-query.md");
        // no second run: the next event is a later job's
        client.sendText(
                "caravan.jobs",
                "{\"queries\": [\"sentinel query\"]}",
                "corr-sentinel",
                Map.of("CaravanJob", "sentinel"));
        MessagingTestSupport.assertNextIsSentinelCorrelation(client, "caravan.reports", "corr-sentinel");
        assertThat(client.depth("caravan.jobs")).isZero();
        assertThat(client.depth("caravan.jobs.dead")).isZero();
        assertThat(tavily.searchCalls())
                .as("the crashed job and the sentinel, once each")
                .isEqualTo(2);
    }

    /** Caravan in its own JVM, configured through system properties like an operator would. */
    private static Process startSeparateJvm(Path work, int port, Path data, String tavilyUrl) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Properties p = new Properties();
        p.put("camel.main.name", "caravan-crashing");
        p.put("research.input.dir", work.resolve("input").toString());
        p.put("research.output.dir", work.resolve("output").toString());
        p.put("research.cache.dir", work.resolve("cache").toString());
        p.put("research.tavily.base-url", tavilyUrl);
        p.put("research.tavily.api-key", TavilyStub.KEY);
        p.put("research.search.max-retries", "0");
        p.put("research.guard.allowed-addresses", "127.0.0.1/32");
        p.put("research.jms.enabled", "true");
        p.put("research.jms.port", String.valueOf(port));
        p.put("research.jms.data-dir", data.toString());
        for (String key : p.stringPropertyNames()) cmd.add("-D" + key + "=" + p.getProperty(key));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(App.class.getName());
        Files.createDirectories(work);
        return new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("console.log").toFile())
                .start();
    }

    private void awaitPort(int port) throws Exception {
        await("waiting for the broker port")
                .atMost(Duration.ofSeconds(60))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    try (Socket s = new Socket(InetAddress.getByName("127.0.0.1"), port)) {
                        return true;
                    } catch (java.io.IOException notYet) {
                        assertThat(crashed.isAlive())
                                .as("the first Caravan is running")
                                .isTrue();
                        return false;
                    }
                });
    }
}
