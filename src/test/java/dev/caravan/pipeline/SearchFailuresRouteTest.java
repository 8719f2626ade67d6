package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.StubServer;
import dev.caravan.testing.TavilyStub;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SearchFailuresRouteTest extends PipelineTestSupport {

    private String apiKey = TavilyStub.KEY;

    @Override
    void overrides(Properties p) {
        // the old names (research.tavily.*) still work in this release: the retry count below proves the route read it
        p.put("research.tavily.max-retries", "2");
        p.put("research.tavily.breaker-min-calls", "3");
    }

    @Test
    void a_rejected_api_key_fails_the_job_with_that_reason_and_keeps_the_file() throws Exception {
        tavily.server()
                .page(
                        "/search",
                        401,
                        "application/json",
                        "{\"detail\":{\"error\":\"Unauthorized: missing or invalid API key.\"}}");

        drop("keyless.txt", "anything at all\n");

        Path reason = awaitMoved("failed", "keyless.txt.error.txt", 1).get(0);
        assertThat(read(reason))
                .contains("Tavily rejected the API key (HTTP 401)")
                .doesNotContain(apiKey);
        assertThat(awaitMoved("failed", "keyless.txt", 1)).isNotEmpty();
        assertThat(tavily.searchCalls()).isEqualTo(1);
    }

    @Test
    void a_used_up_quota_is_named_as_such() throws Exception {
        tavily.server().page("/search", 432, "application/json", "{\"detail\":{\"error\":\"limit\"}}");

        drop("quota.txt", "anything at all\n");

        Path reason = awaitMoved("failed", "quota.txt.error.txt", 1).get(0);
        assertThat(read(reason)).contains("usage limit is used up (HTTP 432)");
    }

    @Test
    void a_rate_limit_is_retried_after_the_delay_tavily_asks_for() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        StubServer.Handler ok = tavilyHandler();
        tavily.server().on("/search", (ex, body) -> {
            if (calls.incrementAndGet() == 1) {
                ex.getResponseHeaders().set("Retry-After", "1");
                StubServer.respond(ex, 429, "application/json", "{\"detail\":{\"error\":\"slow down\"}}");
            } else {
                ok.handle(ex, body);
            }
        });

        drop("busy.txt", "retry me\n");

        awaitReport("busy/retry-me.md");
        var requests = tavily.server().requestsTo("/search");
        assertThat(requests).hasSize(2);
        long waitedMs = java.time.Duration.between(
                        requests.get(0).at(), requests.get(1).at())
                .toMillis();
        assertThat(waitedMs).isGreaterThanOrEqualTo(950);
    }

    @Test
    void server_errors_are_retried_with_backoff_then_fail_the_job() throws Exception {
        tavily.server().page("/search", 503, "application/json", "{\"detail\":{\"error\":\"down\"}}");

        drop("down.txt", "anything at all\n");

        Path reason = awaitMoved("failed", "down.txt.error.txt", 1).get(0);
        assertThat(read(reason)).contains("Tavily server error (HTTP 503)");
        assertThat(tavily.searchCalls()).isEqualTo(3);
    }

    @Test
    void while_tavily_keeps_failing_the_circuit_breaker_stops_calling_it_and_says_so() throws Exception {
        tavily.server().page("/search", 500, "application/json", "{\"detail\":{\"error\":\"Internal Server Error\"}}");

        drop("first.txt", "anything at all\n");
        assertThat(read(awaitMoved("failed", "first.txt.error.txt", 1).get(0))).contains("HTTP 500");
        int callsBefore = tavily.searchCalls();
        drop("second.txt", "something else\n");

        Path reason = awaitMoved("failed", "second.txt.error.txt", 1).get(0);
        assertThat(read(reason)).contains("circuit breaker open");
        assertThat(tavily.searchCalls()).isEqualTo(callsBefore);
    }

    private static StubServer.Handler tavilyHandler() {
        return (ex, body) -> StubServer.respond(
                ex,
                200,
                "application/json",
                "{\"query\":\"retry me\",\"answer\":null,\"images\":[],\"results\":[],\"response_time\":0.1}");
    }
}
