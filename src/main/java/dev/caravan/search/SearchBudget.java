package dev.caravan.search;

import dev.caravan.model.DailyCounts;
import dev.caravan.model.LogText;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What searching may spend: search calls and credits per job, credits per day (Tavily's advanced depth costs 2). The
 * day's credit count is kept in a small file under the output folder by {@link DailyCounts}, so it survives a restart;
 * a count that cannot be trusted never gives the day its budget back by itself (see there). Thread-safe.
 */
public class SearchBudget {

    /** The highest daily credit budget that may be configured; a saved count above it is not a real count. */
    public static final int MAX_CREDITS_PER_DAY = 100_000_000;

    private static final String CREDITS = "credits";

    /** The limits; a job may lower the per-job ones. */
    public record Limits(int searchCallsPerJob, int creditsPerJob, int creditsPerDay, int pagesPerJob) {

        /** Limits with no page budget to speak of. */
        public Limits(int searchCallsPerJob, int creditsPerJob, int creditsPerDay) {
            this(searchCallsPerJob, creditsPerJob, creditsPerDay, Integer.MAX_VALUE);
        }
    }

    private final Limits limits;
    private final DailyCounts daily;

    /** A budget that counts a day with a damaged credit file as spent. */
    public SearchBudget(Limits limits, Path dailyFile, Clock clock) {
        this(limits, dailyFile, DailyCounts.OnCorruptFile.SPENT, clock);
    }

    public SearchBudget(Limits limits, Path dailyFile, DailyCounts.OnCorruptFile onCorrupt, Clock clock) {
        this.limits = limits;
        this.daily = new DailyCounts(
                dailyFile, Map.of(CREDITS, (long) limits.creditsPerDay()), MAX_CREDITS_PER_DAY, onCorrupt, clock);
    }

    /** What was wrong with the credit file at startup and what was done about it, for the log; empty if nothing. */
    public Optional<String> startupWarning() {
        return daily.startupDamage().map(d -> {
            String what = "the day's search credit count " + d.file() + " " + d.problem() + "; " + d.kept() + "; ";
            String fix = fix(d);
            return d.onCorrupt() == DailyCounts.OnCorruptFile.RESET
                    ? what + "today's credits are counted from 0 (" + fix + ")"
                    : what + "today counts as spent: no search that costs credits until 00:00 UTC (" + fix
                            + "; set it to reset to count from 0)";
        });
    }

    private static String fix(DailyCounts.Damage d) {
        return "research.budget.credits-on-corrupt-file = "
                + d.onCorrupt().name().toLowerCase(Locale.ROOT);
    }

    /** A fresh budget for one run of a job: the configured limits, or the job's own when they are lower. */
    public Job forJob(dev.caravan.model.Job job) {
        dev.caravan.model.Job.Limits own = job == null ? dev.caravan.model.Job.Limits.NONE : job.limits();
        return new Job(
                lower(limits.searchCallsPerJob(), own.searchCalls()),
                lower(limits.creditsPerJob(), own.credits()),
                lower(limits.pagesPerJob(), own.pages()));
    }

    private static int lower(int configured, Integer own) {
        return own == null ? configured : Math.min(configured, own);
    }

    /** Credits spent today (UTC), as the file says. */
    public int usedToday() {
        return (int) daily.today(CREDITS);
    }

    /** Takes {@code credits} from today's budget, or says why not. */
    Optional<String> spendToday(int credits) {
        if (credits < 0) throw new IllegalArgumentException("a search cannot cost " + credits + " credits");
        Optional<DailyCounts.Damage> damage = daily.damage();
        if (daily.add(Map.of(CREDITS, (long) credits)).isEmpty()) return Optional.empty();
        if (damage.isPresent()) {
            DailyCounts.Damage d = damage.get();
            return Optional.of("not searched: the day's search credit count " + d.file() + " " + d.problem() + " ("
                    + d.kept() + "), so today counts as spent until 00:00 UTC (" + fix(d)
                    + "; set it to reset to count from 0)");
        }
        return Optional.of("not searched: the daily budget of "
                + LogText.count(limits.creditsPerDay(), "search credit", "search credits")
                + " was reached (research.budget.credits-per-day; it starts again at 00:00 UTC)");
    }

    /** One job run's spending. Thread-safe. */
    public final class Job {

        private final int maxCalls;
        private final int maxCredits;
        private final int maxPages;
        private int calls;
        private int credits;
        private int pages;

        Job(int maxCalls, int maxCredits, int maxPages) {
            this.maxCalls = maxCalls;
            this.maxCredits = maxCredits;
            this.maxPages = maxPages;
        }

        /** Takes one page fetch (pages reused from the cache are free), or says that the budget is reached. */
        public Optional<String> takePage() {
            synchronized (SearchBudget.this) {
                if ((long) pages + 1 > maxPages) {
                    return Optional.of("not fetched: the budget of " + LogText.count(maxPages, "page", "pages")
                            + " for this job was reached");
                }
                pages++;
                return Optional.empty();
            }
        }

        /** Takes one call costing {@code cost} credits, or says which budget is reached. */
        public Optional<String> spend(int cost) {
            synchronized (SearchBudget.this) {
                if ((long) calls + 1 > maxCalls) {
                    return Optional.of("not searched: the budget of "
                            + LogText.count(maxCalls, "search call", "search calls") + " for this job was reached");
                }
                if ((long) credits + cost > maxCredits) {
                    return Optional.of("not searched: the budget of "
                            + LogText.count(maxCredits, "search credit", "search credits")
                            + " for this job was reached");
                }
                Optional<String> daily = spendToday(cost);
                if (daily.isPresent()) return daily;
                calls++;
                credits += cost;
                return Optional.empty();
            }
        }

        public int calls() {
            synchronized (SearchBudget.this) {
                return calls;
            }
        }
    }
}
