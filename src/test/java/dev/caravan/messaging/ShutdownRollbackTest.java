package dev.caravan.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.StubServer;
import jakarta.jms.Message;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A job still running when Caravan stops is rolled back to the queue, not dead-lettered. */
class ShutdownRollbackTest {

    final CountDownLatch searching = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    EmbeddedBroker broker;
    StubServer slowTavily;
    Caravan caravan;
    JmsClient client;

    @AfterEach
    void stop() throws Exception {
        release.countDown();
        if (client != null) client.close();
        if (caravan != null) caravan.close();
        if (broker != null) broker.stop();
        if (slowTavily != null) slowTavily.close();
    }

    @Test
    void a_job_cut_off_by_shutdown_goes_back_to_the_queue() throws Exception {
        slowTavily = new StubServer();
        slowTavily.on("/search", StubServer.stalling(searching, release));
        int port = Caravan.freePort();
        broker = MessagingTestSupport.standaloneBroker(port);
        Properties p = new Properties();
        p.put("research.jms.broker-url", "tcp://127.0.0.1:" + port);
        p.put("research.search.max-retries", "0");
        p.put("camel.main.shutdown-timeout", "1");
        caravan = Caravan.start(slowTavily.baseUrl(), p);
        client = MessagingTestSupport.client(port);
        client.sendText("caravan.jobs", "{\"queries\": [\"slow query\"]}", "corr-slow", Map.of("CaravanJob", "slow"));
        assertThat(searching.await(30, TimeUnit.SECONDS)).as("the job started").isTrue();

        Caravan stopping = caravan;
        caravan = null;
        CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> {
            try {
                stopping.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(2_000); // past the shutdown timeout: Caravan is stopping, the job still waits on Tavily
        release.countDown(); // Tavily fails now; while stopping that means roll back, not dead-letter
        stopped.get(60, TimeUnit.SECONDS);

        assertThat(client.depth("caravan.jobs.dead")).as("not dead-lettered").isZero();
        Message back = client.receive("caravan.jobs", 10_000);
        assertThat(back).as("the job is back on the queue").isNotNull();
        assertThat(back.getJMSCorrelationID()).isEqualTo("corr-slow");
        assertThat(back.getJMSRedelivered()).isTrue();
    }
}
