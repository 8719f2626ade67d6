package dev.caravan.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.testing.StubServer;
import dev.caravan.testing.TavilyStub;
import dev.caravan.testing.TavilyStub.Result;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Two Caravan instances (two Camel contexts) on one broker compete for the jobs queue: each job runs exactly once. */
class CompetingInstancesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int JOBS = 12;

    EmbeddedBroker broker;
    TavilyStub tavily;
    StubServer site;
    Caravan first;
    Caravan second;
    JmsClient client;

    @AfterEach
    void stop() throws Exception {
        if (client != null) client.close();
        if (first != null) first.close();
        if (second != null) second.close();
        if (broker != null) broker.stop();
        if (tavily != null) tavily.close();
        if (site != null) site.close();
    }

    @Test
    void n_jobs_on_one_broker_give_n_reports_with_no_duplicates() throws Exception {
        tavily = new TavilyStub();
        site = new StubServer();
        site.page("/robots.txt", 200, "text/plain", "User-agent: *\nAllow: /\n");
        for (int i = 0; i < JOBS; i++) {
            site.page(
                    "/page" + i,
                    200,
                    "text/html; charset=utf-8",
                    "<html><head><title>Page " + i
                            + "</title></head><body><article><p>Topic number " + i + " is described on this page in a "
                            + "sentence long enough to be quoted as a finding.</p></article></body></html>");
            tavily.results("topic " + i, new Result(site.url("/page" + i), "Page " + i, "snippet"));
        }
        tavily.results("sentinel topic", new Result(site.url("/page0"), "Page 0", "snippet"));
        // a broker of its own, as operations would run one: both instances reach it by URL
        int port = Caravan.freePort();
        broker = MessagingTestSupport.standaloneBroker(port);
        String url = MessagingTestSupport.url(port);
        Properties p = new Properties();
        p.put("research.jms.broker-url", url);
        first = Caravan.start(tavily.baseUrl(), p);
        second = Caravan.start(tavily.baseUrl(), p);

        client = MessagingTestSupport.client(port);
        Set<String> correlations = new HashSet<>();
        for (int i = 0; i < JOBS; i++) {
            client.sendText(
                    "caravan.jobs",
                    "{\"queries\": [\"topic " + i + "\"]}",
                    "corr-" + i,
                    Map.of("CaravanJob", "job-" + i));
        }

        List<String> jobs = new ArrayList<>();
        for (int i = 0; i < JOBS; i++) {
            Message event = client.receive("caravan.reports", 30_000);
            assertThat(event).as("event " + (i + 1) + " of " + JOBS).isNotNull();
            correlations.add(event.getJMSCorrelationID());
            jobs.add(JSON.readTree(((TextMessage) event).getText()).path("job").asText());
        }
        // no extra event: the next one is a later job's
        client.sendText(
                "caravan.jobs",
                "{\"queries\": [\"sentinel topic\"]}",
                "corr-sentinel",
                Map.of("CaravanJob", "sentinel"));
        MessagingTestSupport.assertNextIsSentinelCorrelation(client, "caravan.reports", "corr-sentinel");
        assertThat(jobs).doesNotHaveDuplicates().hasSize(JOBS);
        assertThat(correlations).hasSize(JOBS);

        List<String> all = new ArrayList<>(first.reports());
        all.addAll(second.reports());
        all.removeIf(report -> report.startsWith("sentinel"));
        assertThat(all).hasSize(JOBS).doesNotHaveDuplicates();
        for (int i = 0; i < JOBS; i++) assertThat(all).contains("job-" + i + "/topic-" + i + ".md");
        assertThat(first.reports()).as("the first instance took part").isNotEmpty();
        assertThat(second.reports()).as("the second instance took part").isNotEmpty();
        assertThat(tavily.searchCalls()).as("each job once, and the sentinel").isEqualTo(JOBS + 1);
        assertThat(client.depth("caravan.jobs")).isZero();
        assertThat(client.depth("caravan.jobs.dead")).isZero();
    }
}
