package dev.caravan.config;

import dev.caravan.messaging.SharedFetchSettings;
import dev.caravan.model.LogText;
import dev.caravan.pipeline.SharedFetches;
import dev.caravan.pipeline.WarmUp;
import dev.caravan.progress.Progress;
import java.io.Closeable;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.support.service.ServiceSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The composition root: reads every {@code research.*} key once into typed settings, builds each stage with its own
 * builder ({@link ReportStage}, {@link FetchStage}, {@link CacheStage}, {@link SearchStage}, {@link AnswerModel},
 * {@link Monitoring}, {@link Pools}) and binds the beans the routes call by name ({@link PipelineStage}). A bad value
 * stops startup with the key's name in the message.
 */
public class CaravanConfiguration implements CamelConfiguration {

    private static final Logger LOG = LoggerFactory.getLogger("caravan");

    @Override
    public void configure(CamelContext context) {
        Function<String, Optional<String>> source =
                key -> context.getPropertiesComponent().resolveProperty(key);
        PropertyReader props = new PropertyReader(source);
        RenamedKeys.warnings(source).forEach(LOG::warn);
        RenamedKeys.applyToPlaceholders(context, source);
        Clock clock = Clock.systemUTC();
        RuntimeSettings runtime = RuntimeSettings.read(props);
        context.getRegistry().bind("runtimeSettings", runtime);

        ReportStage.Built report = ReportStage.build(props, clock);
        ExecutorService pageWork = Pools.register(context, props, this);
        SharedFetchSettings sharing = SharedFetching.read(props);
        FetchStage.Built fetch = FetchStage.build(props, sharing, pageWork, clock);
        CacheStage.Built caches = CacheStage.open(props, clock);
        SearchStage.Built search = SearchStage.build(
                props,
                System::getenv,
                fetch.guard(),
                fetch.web(),
                runtime,
                caches.searchResults(),
                report.settings().outputDir(),
                clock);
        // last at startup, after Camel's summary, where it is seen
        Monitoring.atFullStart(context, () -> search.noProviderWarning().ifPresent(LOG::warn));
        Progress progress =
                Monitoring.progress(context, props, runtime, report.settings().outputDir(), clock);
        progress.cacheGauges(
                caches.store()::usedBytes,
                () -> caches.store().entries(dev.caravan.cache.CacheStore.Kind.PAGE),
                () -> caches.store().entries(dev.caravan.cache.CacheStore.Kind.SEARCH));
        SharedFetches shared = SharedFetching.bind(
                context,
                sharing,
                fetch,
                progress,
                sharing.enabled() ? Pools.fetchResults(context, this) : pageWork,
                clock);
        Optional<AnswerModel.Built> answers = AnswerModel.start(
                props,
                System::getenv,
                fetch.settings().identity().userAgent(),
                report.settings().outputDir(),
                clock);
        PipelineStage.bind(
                context.getRegistry(), props, runtime, fetch, search, caches, report, answers, progress, shared, clock);
        if (!runtime.runOnce()) warmUp(props, fetch, report, clock); // run-once: the jobs are waiting already

        // stopped after the routes, so jobs still running at shutdown finish their pages first
        stopAfterRoutes(context, () -> {
            if (shared != null) shared.close();
            fetch.scheduler().close();
            caches.store().close();
            fetch.connections().close();
            if (answers.isPresent()) answers.get().connections().close();
        });
        LOG.info(
                "watching {} for job files, reports to {}, SSRF guard {}",
                PipelineStage.inputDir(props).toAbsolutePath(),
                report.settings().outputDir().toAbsolutePath(),
                fetch.guardSettings().enabled() ? "on" : "OFF");
    }

    /** Runs a query's CPU work on a bundled page before jobs come ({@code research.jobs.warm-up-rounds}). */
    private static void warmUp(PropertyReader props, FetchStage.Built fetch, ReportStage.Built report, Clock clock) {
        int rounds = props.intIn("research.jobs.warm-up-rounds", 0, 100, "rounds");
        if (rounds == 0) return;
        WarmUp.Done done = new WarmUp(fetch.converter(), report.findings(), report.builder(), clock).run(rounds);
        LOG.info(
                "warmed up in {} ms: {} built on a bundled page, its search answer and page encoded for the caches,"
                        + " the messages between instances encoded and read back; nothing fetched or stored",
                done.millis(),
                LogText.count(done.reports(), "report", "reports"));
    }

    /** Closes what the stages opened once Camel has stopped its routes. */
    private static void stopAfterRoutes(CamelContext context, Closeable resources) {
        try {
            context.addService(new ServiceSupport() {
                @Override
                protected void doStop() throws Exception {
                    resources.close();
                }
            });
        } catch (Exception e) {
            throw new IllegalStateException("cannot register the fetch scheduler: " + e.getMessage(), e);
        }
    }
}
