package dev.caravan.progress;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.Answer;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Job;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.Retrieval;
import dev.caravan.testing.FakeClock;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The metrics stay a bounded set of series whatever the search results and pages are. */
class ProgressMetricsTest {

    @TempDir
    Path dir;

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final FakeClock clock = FakeClock.at("2025-06-01T12:00:00Z");
    private final Job job = new Job("metrics", List.of(Query.of("q")));

    private Progress progress() {
        Progress progress = new Progress(dir.resolve("events.jsonl"), meters, clock);
        progress.jobStarted(job, "file");
        return progress;
    }

    private static PageResult page(int i, FetchOutcome outcome, Integer status) {
        String url = "https://host" + i + ".example/page";
        FetchTask task = new FetchTask(i + 1, url, url, null);
        return new PageResult(
                task, FetchedPage.failed(Retrieval.failed(url, url, status), outcome, "why"), false, List.of());
    }

    private Collection<Timer> durationTimers() {
        return meters.find("caravan.fetch.duration").timers();
    }

    private Set<String> hostTags() {
        return durationTimers().stream()
                .map(Meter::getId)
                .map(id -> id.getTag("host"))
                .collect(Collectors.toSet());
    }

    @Test
    void an_answer_counts_its_model_calls_tokens_and_sentences_kept_and_dropped_by_check() throws Exception {
        Progress progress = progress();
        Answer answer = new Answer(
                "m",
                List.of(new Answer.Sentence("Kept.", List.of(1), List.of(1), List.of(Answer.CITED), -1)),
                List.of(
                        new Answer.Dropped("$1,200.", List.of(1), Answer.FACTS, "not in finding 1"),
                        new Answer.Dropped("Other.", List.of(9), Answer.CITED, "not given")),
                List.of(Answer.CITED, Answer.FACTS),
                List.of(),
                "",
                "",
                new Answer.Usage(2, 300, 50));

        progress.answerWritten(job, Query.of("q"), answer);
        progress.answerWritten(job, Query.of("q"), Answer.none("m", "the model did not answer", Answer.Usage.NONE));

        assertThat(meters.get("caravan.llm.calls").counter().count()).isEqualTo(2);
        assertThat(meters.get("caravan.llm.tokens")
                        .tag("kind", "prompt")
                        .counter()
                        .count())
                .isEqualTo(300);
        assertThat(meters.get("caravan.llm.tokens")
                        .tag("kind", "completion")
                        .counter()
                        .count())
                .isEqualTo(50);
        assertThat(meters.get("caravan.answer.sentences")
                        .tag("outcome", "kept")
                        .counter()
                        .count())
                .isEqualTo(1);
        assertThat(meters.get("caravan.answer.sentences")
                        .tag("check", "facts")
                        .counter()
                        .count())
                .isEqualTo(1);
        assertThat(meters.get("caravan.answers")
                        .tag("outcome", "none")
                        .counter()
                        .count())
                .isEqualTo(1);
        String events = java.nio.file.Files.readString(dir.resolve("events.jsonl"));
        assertThat(events)
                .contains("\"event\":\"answer_written\"")
                .contains("\"kept\":1,\"dropped\":2,\"dropped_by_check\":{\"facts\":1,\"cited\":1}")
                .contains("\"calls\":2,\"prompt_tokens\":300,\"completion_tokens\":50")
                .contains("\"answered\":false,\"note\":\"the model did not answer\"");
    }

    @Test
    void pages_that_were_never_requested_get_no_per_host_timer() {
        Progress progress = progress();

        for (int i = 0; i < 3000; i++) {
            FetchOutcome outcome = i % 2 == 0 ? FetchOutcome.BLOCKED : FetchOutcome.BUDGET_REACHED;
            progress.fetchFinished(job, 0, 3000, page(i, outcome, null), clock.millis(), 0);
        }

        assertThat(durationTimers()).isEmpty();
        assertThat(meters.find("caravan.fetch")
                        .tag("outcome", "blocked")
                        .counter()
                        .count())
                .isEqualTo(1500);
    }

    @Test
    void requested_pages_get_a_timer_per_host_up_to_a_cap_and_the_rest_share_one() {
        Progress progress = progress();

        for (int i = 0; i < 500; i++)
            progress.fetchFinished(job, 0, 500, page(i, FetchOutcome.HTTP_ERROR, 404), clock.millis(), 0);

        assertThat(hostTags()).hasSize(PipelineMetrics.MAX_HOST_TAGS + 1).contains("host0.example", "other");
        assertThat(durationTimers().stream().mapToLong(Timer::count).sum()).isEqualTo(500);
        assertThat(meters.find("caravan.fetch.duration")
                        .tag("host", "other")
                        .timer()
                        .count())
                .isEqualTo(500 - PipelineMetrics.MAX_HOST_TAGS);
    }

    @Test
    void a_host_seen_before_the_cap_keeps_its_own_timer_after_it() {
        Progress progress = progress();
        for (int i = 0; i < PipelineMetrics.MAX_HOST_TAGS + 10; i++)
            progress.fetchFinished(job, 0, 1, page(i, FetchOutcome.TIMEOUT, null), clock.millis(), 0);

        progress.fetchFinished(job, 0, 1, page(0, FetchOutcome.TIMEOUT, null), clock.millis(), 0);

        assertThat(meters.find("caravan.fetch.duration")
                        .tag("host", "host0.example")
                        .timer()
                        .count())
                .isEqualTo(2);
    }
}
