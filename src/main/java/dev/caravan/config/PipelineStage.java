package dev.caravan.config;

import dev.caravan.answer.ModelBudget;
import dev.caravan.fetch.FetchPlanner;
import dev.caravan.fetch.UrlNormalizer;
import dev.caravan.intake.InputFolder;
import dev.caravan.intake.JobFailures;
import dev.caravan.intake.JobParser;
import dev.caravan.intake.JobReader;
import dev.caravan.messaging.MessageJobs;
import dev.caravan.pipeline.BudgetedPageFetcher;
import dev.caravan.pipeline.Faults;
import dev.caravan.pipeline.JobSteps;
import dev.caravan.pipeline.PageClaims;
import dev.caravan.pipeline.PageSteps;
import dev.caravan.pipeline.QuerySteps;
import dev.caravan.pipeline.RetryAfterDelay;
import dev.caravan.pipeline.SharedFetches;
import dev.caravan.progress.Progress;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.apache.camel.spi.Registry;
import org.jspecify.annotations.Nullable;

/**
 * Builds the steps the routes call by name from the stages and binds them: {@code jobs} (intake: job files, JMS
 * messages, schedules; {@code research.input.*}, {@code research.jobs.parallel-jobs}), {@code queries} (search, plan,
 * findings, answer, report), {@code pages} (the fetch-page route's steps), {@code faults} (the one error policy) and
 * {@code retryAfter} (the search retries' delay).
 */
final class PipelineStage {

    private PipelineStage() {}

    static void bind(
            Registry registry,
            PropertyReader props,
            RuntimeSettings runtime,
            FetchStage.Built fetch,
            SearchStage.Built search,
            CacheStage.Built caches,
            ReportStage.Built report,
            Optional<AnswerModel.Built> answers,
            Progress progress,
            @Nullable SharedFetches shared,
            Clock clock) {
        PageClaims claims = new PageClaims(caches.pages());
        PageSteps pages = new PageSteps(
                new BudgetedPageFetcher(fetch.fetcher()),
                fetch.converter(),
                report.store(),
                caches.pages(),
                claims,
                report.findings(),
                progress,
                clock,
                shared);
        QuerySteps queries = new QuerySteps(
                search.searcher(),
                new FetchPlanner(new UrlNormalizer()),
                claims,
                report.builder(),
                answers.map(AnswerModel.Built::answerer).orElse(null),
                report.writer(),
                progress);
        JobSteps jobs = jobs(props, runtime, search, report, answers.map(AnswerModel.Built::budget), progress, clock);
        registry.bind("pages", pages);
        registry.bind("queries", queries);
        registry.bind("jobs", jobs);
        registry.bind("faults", new Faults(pages, queries, jobs));
        registry.bind("retryAfter", new RetryAfterDelay());
    }

    private static JobSteps jobs(
            PropertyReader props,
            RuntimeSettings runtime,
            SearchStage.Built search,
            ReportStage.Built report,
            Optional<ModelBudget> modelBudgets,
            Progress progress,
            Clock clock) {
        Path inputDir = inputDir(props);
        long maxBytes = props.longValue("research.input.max-bytes");
        JobFailures failures = new JobFailures(inputDir.resolve(runtime.failedDir()), clock);
        return new JobSteps(
                new JobReader(new JobParser(), maxBytes, clock),
                new InputFolder(inputDir, inputDir.resolve(runtime.failedDir()), failures),
                new MessageJobs(new JobParser()::parse, maxBytes),
                failures,
                search.budgets(),
                modelBudgets.orElse(null),
                progress,
                report.runs(),
                props.intIn("research.jobs.parallel-jobs", 1, 1000, "jobs"),
                new JobSteps.JobFileFolders(
                        props.string("research.input.dir"),
                        runtime.processedDir().toString(),
                        runtime.failedDir().toString()));
    }

    /** The folder job files are dropped into ({@code research.input.dir}). */
    static Path inputDir(PropertyReader props) {
        return Path.of(props.string("research.input.dir"));
    }
}
