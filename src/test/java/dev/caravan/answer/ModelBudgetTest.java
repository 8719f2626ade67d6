package dev.caravan.answer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.DailyCounts;
import dev.caravan.testing.FakeClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The answer model's calls and tokens are budgeted per job and per day, and the day's count survives a restart. */
class ModelBudgetTest {

    @TempDir
    Path dir;

    private final FakeClock clock = FakeClock.at("2026-06-01T10:00:00Z");

    private ModelBudget budget(int callsPerJob, long tokensPerJob, int callsPerDay, long tokensPerDay) {
        return new ModelBudget(
                new ModelBudget.Limits(callsPerJob, tokensPerJob, callsPerDay, tokensPerDay),
                dir.resolve("llm-usage.json"),
                DailyCounts.OnCorruptFile.SPENT,
                clock);
    }

    @Test
    void a_job_may_make_so_many_calls() {
        ModelBudget.Job job = budget(2, 1_000_000, 100, 1_000_000).forJob();

        assertThat(job.take(10)).isEmpty();
        assertThat(job.take(10)).isEmpty();
        assertThat(job.take(10))
                .hasValueSatisfying(why -> assertThat(why)
                        .isEqualTo(
                                "the budget of 2 model calls for this job was reached (research.llm.calls-per-job)"));
    }

    @Test
    void a_call_that_could_go_over_the_jobs_tokens_is_not_made() {
        ModelBudget.Job job = budget(10, 1000, 100, 1_000_000).forJob();

        assertThat(job.take(600)).isEmpty();
        job.spent(700, 0);

        assertThat(job.take(400)).hasValueSatisfying(why -> assertThat(why).contains("1000 model tokens for this job"));
        assertThat(job.take(300)).isEmpty();
    }

    @Test
    void the_days_calls_and_tokens_survive_a_restart_and_start_again_the_next_day() throws Exception {
        ModelBudget first = budget(10, 1_000_000, 3, 1_000_000);
        ModelBudget.Job job = first.forJob();
        job.take(100);
        job.spent(250, 1);

        ModelBudget restarted = budget(10, 1_000_000, 3, 1_000_000);

        assertThat(restarted.callsToday()).isEqualTo(2);
        assertThat(restarted.tokensToday()).isEqualTo(250);
        assertThat(Files.readString(dir.resolve("llm-usage.json")))
                .isEqualTo("{\"day\":\"2026-06-01\",\"calls\":2,\"tokens\":250}\n");
        ModelBudget.Job another = restarted.forJob();
        assertThat(another.take(1)).isEmpty();
        assertThat(another.take(1))
                .hasValueSatisfying(why -> assertThat(why)
                        .contains("the daily budget of 3 model calls was reached (research.llm.calls-per-day"));

        clock.advance(Duration.ofDays(1));
        assertThat(budget(10, 1_000_000, 3, 1_000_000).forJob().take(1)).isEmpty();
    }

    @Test
    void the_days_tokens_are_a_limit_too() {
        ModelBudget.Job job = budget(10, 1_000_000, 100, 500).forJob();

        assertThat(job.take(600)).hasValueSatisfying(why -> assertThat(why).contains("500 model tokens was reached"));
    }

    @Test
    void a_damaged_count_is_kept_aside_and_the_day_counts_as_spent() throws Exception {
        Files.writeString(dir.resolve("llm-usage.json"), "{\"day\":\"2026-06-01\",\"calls\":");

        ModelBudget budget = budget(10, 1_000_000, 100, 1_000_000);

        assertThat(budget.startupWarning())
                .hasValueSatisfying(w -> assertThat(w)
                        .contains("llm-usage.json")
                        .contains("kept as llm-usage.json.corrupt-")
                        .contains("research.llm.usage-on-corrupt-file = spent"));
        assertThat(budget.forJob().take(1))
                .hasValueSatisfying(why -> assertThat(why).contains("counts as spent"));
    }
}
