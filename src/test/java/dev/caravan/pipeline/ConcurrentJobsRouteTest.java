package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.StubServer;
import dev.caravan.testing.TavilyStub.Result;
import java.nio.file.Files;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Jobs and queries run side by side and share the fetch scheduler: while one page of job A hangs, A's other query and
 * the whole of job B finish and write their reports, each exactly as it would alone.
 */
class ConcurrentJobsRouteTest extends PipelineTestSupport {

    private StubServer other;

    @Override
    void overrides(Properties p) {
        p.put("research.guard.allowed-addresses", "127.0.0.0/8");
    }

    @AfterEach
    void stopOther() {
        if (other != null) other.close();
    }

    @Test
    void a_hanging_page_holds_back_only_its_own_query() throws Exception {
        other = new StubServer("127.0.0.2");
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        site.on("/hangs", StubServer.stalling(entered, release));
        other.page("/a2", 200, "text/html", article("Alpha two", "The second alpha page answers at once and in full."));
        other.page("/b1", 200, "text/html", article("Beta one", "The first beta page belongs to the second job."));
        other.page("/b2", 200, "text/html", article("Beta two", "The second beta page belongs to the second job too."));
        tavily.results("alpha hangs", new Result(site.url("/hangs"), "Hangs", "s"));
        tavily.results("alpha quick", new Result(other.url("/a2"), "Alpha two", "s"));
        tavily.results("beta one", new Result(other.url("/b1"), "Beta one", "s"));
        tavily.results("beta two", new Result(other.url("/b2"), "Beta two", "s"));

        drop("a.json", "{\"queries\": [\"alpha hangs\", \"alpha quick\"]}");
        assertThat(entered.await(30, TimeUnit.SECONDS))
                .as("job a's first page is being fetched")
                .isTrue();
        String alphaQuick = read(awaitReport("a/alpha-quick.md"));
        drop("b.json", "{\"queries\": [\"beta one\", \"beta two\"]}");
        String betaOne = read(awaitReport("b/beta-one.md"));
        String betaTwo = read(awaitReport("b/beta-two.md"));
        awaitMoved("processed", "b.json", 1);

        assertThat(inRun("a/alpha-hangs.md"))
                .as("job a still waits for its hanging page")
                .doesNotExist();
        release.countDown();
        String alphaHangs = read(awaitReport("a/alpha-hangs.md"));
        awaitMoved("processed", "a.json", 1);

        assertThat(alphaQuick).contains("### [1] Alpha two").contains("answers at once");
        assertThat(betaOne).contains("### [1] Beta one").doesNotContain("Alpha");
        assertThat(betaTwo).contains("### [1] Beta two").doesNotContain("Alpha");
        assertThat(alphaHangs).contains("HTTP 503");
        List<String> events = Files.readAllLines(output().resolve("events.jsonl"));
        assertThat(events)
                .filteredOn(e -> e.contains("\"job_finished\""))
                .hasSize(2)
                .first()
                .asString()
                .contains("\"job\":\"b\"");
        assertThat(indexOf(events, "\"job_started\"", "\"job\":\"b\""))
                .as("b started before a finished")
                .isLessThan(indexOf(events, "\"job_finished\"", "\"job\":\"a\""));
        assertThat(String.join("\n", events)).contains("\"fetch_finished\"").doesNotContain("\"ok\":false");
    }

    @Test
    void a_page_two_running_queries_want_is_fetched_once_and_the_later_query_has_it_from_the_cache() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        site.on("/shared", (ex, body) -> {
            entered.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            StubServer.respond(ex, 200, "text/html", article("Shared", "Both queries of the job want this one page."));
        });
        tavily.results("first wants it", new Result(site.url("/shared"), "Shared", "s"));
        tavily.results("second wants it", new Result(site.url("/shared"), "Shared", "s"));

        drop("shared.json", "{\"queries\": [\"first wants it\", \"second wants it\"]}");
        assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue();
        release.countDown();
        String first = read(awaitReport("shared/first-wants-it.md"));
        String second = read(awaitReport("shared/second-wants-it.md"));

        assertThat(site.requestsTo("/shared")).hasSize(1);
        assertThat(first).contains("### [1] Shared").doesNotContain("(fresh from cache)");
        assertThat(second).contains("### [1] Shared").contains("(fresh from cache)");
    }

    private static int indexOf(List<String> events, String event, String job) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).contains(event) && events.get(i).contains(job)) return i;
        }
        throw new AssertionError("no " + event + " for " + job);
    }
}
