package dev.caravan.answer;

import dev.caravan.model.DailyCounts;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the answer model may spend: calls and tokens per job and per day (UTC). The day's counts are kept in a small
 * file under the output folder ({@link DailyCounts}), like the search credits, so a restart does not give the day its
 * budget back. A call is taken before it is made, with the most tokens it may use (its prompt, estimated, and the
 * {@code max_tokens} it may write), so no budget is overrun by more than that estimate is wrong; what it really used is
 * counted after. Thread-safe.
 */
public final class ModelBudget {

    /** The highest count a sound daily file may hold. */
    static final long MAX_COUNT = 1_000_000_000_000L;

    static final String CALLS = "calls";
    static final String TOKENS = "tokens";

    /** The limits, per job and per day. */
    public record Limits(int callsPerJob, long tokensPerJob, int callsPerDay, long tokensPerDay) {}

    private final Limits limits;
    private final DailyCounts daily;

    public ModelBudget(Limits limits, Path dailyFile, DailyCounts.OnCorruptFile onCorrupt, Clock clock) {
        this.limits = limits;
        Map<String, Long> perDay = new LinkedHashMap<>();
        perDay.put(CALLS, (long) limits.callsPerDay());
        perDay.put(TOKENS, limits.tokensPerDay());
        this.daily = new DailyCounts(dailyFile, perDay, MAX_COUNT, onCorrupt, clock);
    }

    /** What was wrong with the daily file at startup and what was done about it, for the log; empty if nothing. */
    public Optional<String> startupWarning() {
        return daily.startupDamage()
                .map(d -> "the day's answer model usage " + d.file() + " " + d.problem() + "; "
                        + d.kept() + "; "
                        + (d.onCorrupt() == DailyCounts.OnCorruptFile.RESET
                                ? "today's model calls and tokens are counted from 0 (" + fix(d) + ")"
                                : "today counts as spent: no answers until 00:00 UTC (" + fix(d)
                                        + "; set it to reset to count from 0)"));
    }

    private static String fix(DailyCounts.Damage d) {
        return "research.llm.usage-on-corrupt-file = " + d.onCorrupt().name().toLowerCase(Locale.ROOT);
    }

    /** Today's calls. */
    public long callsToday() {
        return daily.today(CALLS);
    }

    /** Today's tokens. */
    public long tokensToday() {
        return daily.today(TOKENS);
    }

    /** A fresh budget for one run of a job. */
    public Job forJob() {
        return new Job();
    }

    /** One job run's spending. Thread-safe. */
    public final class Job {

        private int calls;
        private long tokens;

        private Job() {}

        /** Takes one call that may use up to {@code tokens} tokens, or says which budget is reached. */
        public Optional<String> take(long mostTokens) {
            synchronized (ModelBudget.this) {
                if ((long) calls + 1 > limits.callsPerJob()) {
                    return Optional.of("the budget of " + limits.callsPerJob()
                            + " model calls for this job was reached (research.llm.calls-per-job)");
                }
                if (tokens + mostTokens > limits.tokensPerJob()) {
                    return Optional.of("the budget of " + limits.tokensPerJob()
                            + " model tokens for this job was reached (research.llm.tokens-per-job)");
                }
                Optional<DailyCounts.Damage> damage = daily.damage();
                if (damage.isPresent()) {
                    DailyCounts.Damage d = damage.get();
                    return Optional.of("the day's answer model usage " + d.file() + " " + d.problem() + " (" + d.kept()
                            + "), so today counts as spent until 00:00 UTC (" + fix(d) + ")");
                }
                if (daily.today(TOKENS) + mostTokens > limits.tokensPerDay()) {
                    return Optional.of(perDay(limits.tokensPerDay(), "tokens", "research.llm.tokens-per-day"));
                }
                if (daily.add(Map.of(CALLS, 1L)).isPresent()) {
                    return Optional.of(perDay(limits.callsPerDay(), "calls", "research.llm.calls-per-day"));
                }
                calls++;
                return Optional.empty();
            }
        }

        /** Counts the tokens a call that was taken used; {@code extraCalls} are calls it made beyond the one taken. */
        public void spent(long used, int extraCalls) {
            synchronized (ModelBudget.this) {
                tokens += used;
                calls += extraCalls;
                Map<String, Long> amounts = new LinkedHashMap<>();
                amounts.put(TOKENS, used);
                if (extraCalls > 0) amounts.put(CALLS, (long) extraCalls);
                daily.record(amounts);
            }
        }

        public int calls() {
            synchronized (ModelBudget.this) {
                return calls;
            }
        }

        public long tokens() {
            synchronized (ModelBudget.this) {
                return tokens;
            }
        }
    }

    private static String perDay(long limit, String what, String key) {
        return "the daily budget of " + limit + " model " + what + " was reached (" + key
                + "; it starts again at 00:00 UTC)";
    }
}
