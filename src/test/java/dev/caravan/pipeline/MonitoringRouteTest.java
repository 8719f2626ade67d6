package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.TavilyStub.Result;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class MonitoringRouteTest extends PipelineTestSupport {

    private int port;

    @Override
    void overrides(Properties p) {
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = free.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        p.put("research.metrics.enabled", "true");
        p.put("research.metrics.port", Integer.toString(port));
    }

    @Test
    void health_and_prometheus_metrics_are_served_on_loopback_with_caravan_counters() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/ok", 200, "text/html", article("Fine", "Metrics count what the pipeline did."));
        site.page("/missing", 404, "text/plain", "");
        tavily.results("metrics", new Result(site.url("/ok"), "ok", ""), new Result(site.url("/missing"), "m", ""));

        drop("m.txt", "metrics\n");
        awaitReport("m/metrics.md");
        awaitMoved("processed", "m.txt", 1);

        HttpResponse<String> health = get("/observe/health");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).contains("UP");
        String metrics = get("/observe/metrics").body();
        assertThat(metrics)
                .contains("caravan_fetch_total{outcome=\"ok\"} 1.0")
                .contains("caravan_fetch_total{outcome=\"http_error\"} 1.0")
                .contains("caravan_tavily_calls_total 1.0")
                .contains("caravan_fetch_duration_seconds_count{host=\"127.0.0.1\"} 2")
                .contains("caravan_jobs_in_flight 0.0");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }
}
