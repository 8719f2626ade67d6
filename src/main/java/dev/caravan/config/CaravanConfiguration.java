package dev.caravan.config;

import dev.caravan.cache.CacheStore;
import dev.caravan.cache.PageCache;
import dev.caravan.cache.SearchCache;
import dev.caravan.extract.ContentExtractor;
import dev.caravan.extract.PageConverter;
import dev.caravan.extract.PdfText;
import dev.caravan.fetch.FetchPlanner;
import dev.caravan.fetch.FetchScheduler;
import dev.caravan.fetch.FetchSettings;
import dev.caravan.fetch.PageFetcher;
import dev.caravan.fetch.RobotsPolicy;
import dev.caravan.fetch.UrlNormalizer;
import dev.caravan.fetch.guard.GuardSettings;
import dev.caravan.fetch.guard.GuardedDnsResolver;
import dev.caravan.fetch.guard.UrlGuard;
import dev.caravan.intake.InputFolder;
import dev.caravan.intake.JobFailures;
import dev.caravan.intake.JobParser;
import dev.caravan.intake.JobReader;
import dev.caravan.messaging.MessageJobs;
import dev.caravan.messaging.SharedFetchSettings;
import dev.caravan.model.AtomicFiles;
import dev.caravan.model.DailyCounts;
import dev.caravan.model.LogText;
import dev.caravan.model.SearchResults;
import dev.caravan.pipeline.BoundedResponses;
import dev.caravan.pipeline.BudgetedPageFetcher;
import dev.caravan.pipeline.CamelHttpTransport;
import dev.caravan.pipeline.Faults;
import dev.caravan.pipeline.JobSteps;
import dev.caravan.pipeline.PageClaims;
import dev.caravan.pipeline.PageSteps;
import dev.caravan.pipeline.QuerySteps;
import dev.caravan.pipeline.RetryAfterDelay;
import dev.caravan.pipeline.SharedFetches;
import dev.caravan.progress.Progress;
import dev.caravan.rank.OnnxSentenceEncoder;
import dev.caravan.rank.PassageRanker;
import dev.caravan.rank.RankingSettings;
import dev.caravan.rank.SentenceEncoder;
import dev.caravan.report.FindingSelector;
import dev.caravan.report.PageStore;
import dev.caravan.report.ReportBuilder;
import dev.caravan.report.ReportSettings;
import dev.caravan.report.ReportWriter;
import dev.caravan.report.RunFolders;
import dev.caravan.search.ResultCache;
import dev.caravan.search.SearchBudget;
import dev.caravan.search.SearchHttp;
import dev.caravan.search.SearchProviderRegistry;
import dev.caravan.search.Searcher;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.apache.camel.CamelConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.ThreadPoolProfileBuilder;
import org.apache.camel.component.http.HttpComponent;
import org.apache.camel.spi.Registry;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.io.HttpClientConnectionManager;
import org.apache.hc.core5.util.Timeout;

/**
 * The composition root: reads every {@code research.*} key once into typed settings and binds the beans the routes
 * call by name. A bad value stops startup with the key's name in the message.
 */
public class CaravanConfiguration implements CamelConfiguration {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger("caravan");

    @Override
    public void configure(CamelContext context) {
        PropertyReader props =
                new PropertyReader(key -> context.getPropertiesComponent().resolveProperty(key));
        Clock clock = Clock.systemUTC();
        Registry registry = context.getRegistry();
        RuntimeSettings runtime = RuntimeSettings.read(props);
        registry.bind("runtimeSettings", runtime);

        FetchSettings fetch = fetchSettings(props);
        ReportSettings report = new ReportSettings(
                Path.of(props.string("research.output.dir")), props.intValue("research.report.inline-max-chars"));
        PassageRanker ranker = ranker(props);
        Path inputDir = Path.of(props.string("research.input.dir"));
        int swept = AtomicFiles.sweepTempFiles(report.outputDir());
        if (swept > 0)
            LOG.warn(
                    "removed {} left in {} by an earlier crash",
                    LogText.count(swept, "incomplete file", "incomplete files"),
                    report.outputDir());

        GuardSettings guardSettings = guardSettings(props);
        proxyCheck(props).requireNoProxyWhenGuarded(guardSettings.enabled());
        UrlGuard guard = new UrlGuard(guardSettings);
        HttpClientConnectionManager connections = connectionManager(guardSettings, fetch.limits());
        for (String scheme : new String[] {"http", "https"}) {
            context.getComponent(scheme, HttpComponent.class).setClientConnectionManager(connections);
        }
        SearchHttp searchHttp = new SearchHttp(connections, fetch.identity().userAgent());
        SearchProviderRegistry searchProviders =
                SearchProviders.build(props, System::getenv, guard, searchHttp.sender(), runtime, clock);
        searchProviders.statusLines().forEach(LOG::info);
        Optional<String> noProviderWarning = searchProviders.noUsableProviderWarning();
        // components get their camel.component.* options after this class ran: check for proxies once they have
        addStartupListener(context, new org.apache.camel.StartupListener() {
            @Override
            public void onCamelContextStarting(CamelContext ctx, boolean alreadyStarted) {
                proxyCheck(ctx).requireNoProxyWhenGuarded(guardSettings.enabled());
            }

            @Override
            public void onCamelContextStarted(CamelContext ctx, boolean alreadyStarted) {}

            @Override
            public void onCamelContextFullyStarted(CamelContext ctx, boolean alreadyStarted) {
                noProviderWarning.ifPresent(LOG::warn); // last at startup, after Camel's summary, where it is seen
                if (runtime.metricsEnabled()) {
                    LOG.info(Monitoring.startedLine(runtime.metricsHost(), runtime.metricsPort()));
                    Monitoring.openWarning(runtime.metricsHost(), runtime.metricsPort(), runtime.metricsAuthenticated())
                            .ifPresent(LOG::warn);
                }
            }
        });
        registry.bind("retryAfter", new RetryAfterDelay());

        CacheSettings caching = CacheSettings.read(props);
        CacheStore cacheStore = caching.open(clock, LOG::warn);
        LOG.info(cacheLine(caching, cacheStore));
        SearchBudget budgets = new SearchBudget(
                new SearchBudget.Limits(
                        props.intIn("research.budget.search-calls-per-job", 0, 1_000_000, "search calls"),
                        props.intIn("research.budget.credits-per-job", 0, 1_000_000, "credits"),
                        props.intIn("research.budget.credits-per-day", 0, SearchBudget.MAX_CREDITS_PER_DAY, "credits"),
                        props.intIn("research.budget.pages-per-job", 0, 1_000_000, "pages")),
                report.outputDir().resolve(props.plainFileName("research.budget.daily-credits-file")),
                onCorruptCreditsFile(props),
                clock);
        budgets.startupWarning().ifPresent(LOG::warn);
        SearchCache searchCache = caching.enabled()
                ? new SearchCache(cacheStore, caching.maxEntries(), caching.ttl(), clock)
                : SearchCache.off(clock);
        Searcher searcher = new Searcher(
                searchProviders,
                searchResults(searchCache),
                url -> new UrlNormalizer().normalize(url).orElse(url));

        registry.bind(
                "pageLimits",
                BoundedResponses.failingOver(
                        fetch.limits().maxBytes(), fetch.limits().timeoutMs(), clock));
        registry.bind(
                "robotsLimits",
                BoundedResponses.truncatingAt(
                        fetch.robots().maxBytes(), fetch.limits().timeoutMs(), clock));
        int queryThreads = props.intIn("research.jobs.parallel-queries", 1, 1000, "queries");
        int cores = Runtime.getRuntime().availableProcessors();
        // queries block only while they search: their pages wait for the scheduler without holding a thread
        context.getExecutorServiceManager()
                .registerThreadPoolProfile(new ThreadPoolProfileBuilder("queryPool")
                        .poolSize(queryThreads)
                        .maxPoolSize(queryThreads)
                        .maxQueueSize(-1)
                        .build());
        // pages are handed out and converted here; conversion is CPU work, so one thread per core is enough
        context.getExecutorServiceManager()
                .registerThreadPoolProfile(new ThreadPoolProfileBuilder("pagePool")
                        .poolSize(cores)
                        .maxPoolSize(cores)
                        .maxQueueSize(-1)
                        .build());
        java.util.concurrent.ExecutorService pageWork =
                context.getExecutorServiceManager().newThreadPool(this, "pageWork", cores, cores);
        SharedFetchSettings sharing = SharedFetching.read(props);
        FetchScheduler scheduler = FetchScheduler.start(
                fetch.pacing().poolSize(),
                fetch.pacing().slowHostDelayFactor(),
                Duration.ofMillis(fetch.pacing().maxSlowHostDelayMs()),
                // shared: a host handed over from another instance may have been asked there just now
                sharing.enabled() ? Duration.ofMillis(fetch.pacing().hostDelayMs()) : Duration.ZERO,
                clock,
                pageWork);
        CamelHttpTransport transport = new CamelHttpTransport(context.createProducerTemplate());
        RobotsPolicy robots = new RobotsPolicy(transport, guard, scheduler, fetch, clock);
        PageStore store = new PageStore(report);
        FindingSelector findings = new FindingSelector(ranker);
        // monitoring off: no registry at all, so no meter is kept in memory for nobody to read
        PrometheusMeterRegistry meters = null;
        if (runtime.metricsEnabled()) {
            meters = registry.lookupByNameAndType("metricsRegistry", PrometheusMeterRegistry.class);
            if (meters == null) {
                meters = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
                registry.bind("metricsRegistry", meters);
            }
        }
        Progress progress =
                new Progress(report.outputDir().resolve(props.string("research.events.file")), meters, clock);
        registry.bind("progress", progress);
        progress.cacheGauges(
                cacheStore::usedBytes,
                () -> cacheStore.entries(CacheStore.Kind.PAGE),
                () -> cacheStore.entries(CacheStore.Kind.SEARCH));
        PageCache pageCache = caching.enabled()
                ? new PageCache(cacheStore, caching.maxEntries(), caching.ttl(), clock)
                : PageCache.off(clock);
        PageClaims claims = new PageClaims(pageCache);
        PageFetcher pageFetcher = new PageFetcher(transport, guard, robots, scheduler, fetch, clock);
        PageConverter converter = new PageConverter(
                new ContentExtractor(),
                new PdfText(fetch.limits().pdfMaxPages(), fetch.limits().pdfMaxMs()));
        SharedFetches shared = SharedFetching.bind(
                context,
                sharing,
                pageFetcher,
                converter,
                pageCache,
                store,
                report.inlineMaxChars(),
                progress,
                // results of shared fetching are read and their pages ranked apart from the pages this instance
                // fetches and converts for others, so a fetching consumer never waits behind this instance's ranking
                sharing.enabled()
                        ? context.getExecutorServiceManager().newThreadPool(this, "fetchResults", cores, cores)
                        : pageWork,
                clock);
        try {
            // stopped after the routes, so jobs still running at shutdown finish their pages first
            context.addService(new org.apache.camel.support.service.ServiceSupport() {
                @Override
                protected void doStop() {
                    if (shared != null) shared.close();
                    scheduler.close();
                    cacheStore.close();
                }
            });
        } catch (Exception e) {
            throw new IllegalStateException("cannot register the fetch scheduler: " + e.getMessage(), e);
        }

        PageSteps pages = new PageSteps(
                new BudgetedPageFetcher(pageFetcher),
                converter,
                store,
                pageCache,
                claims,
                findings,
                progress,
                clock,
                shared);
        Optional<AnswerModel.Built> answers = AnswerModel.build(
                props,
                System::getenv,
                fetch.identity().userAgent(),
                report.outputDir(),
                new SearchProviderRegistry.BreakerSettings(runtime.breakerMinCalls(), runtime.breakerOpenSeconds()),
                clock);
        LOG.info(AnswerModel.statusLine(
                AnswerModel.settings(props),
                answers.map(AnswerModel.Built::answerer).orElse(null),
                props.string("research.report.model"),
                System::getenv));
        answers.flatMap(a -> a.budget().startupWarning()).ifPresent(LOG::warn);
        answers.ifPresent(a -> closeAtStop(context, a.connections()));
        QuerySteps queries = new QuerySteps(
                searcher,
                new FetchPlanner(new UrlNormalizer()),
                claims,
                new ReportBuilder(report, findings, clock),
                answers.map(AnswerModel.Built::answerer).orElse(null),
                new ReportWriter(),
                progress);
        JobFailures failures = new JobFailures(inputDir.resolve(runtime.failedDir()), clock);
        JobSteps jobs = new JobSteps(
                new JobReader(new JobParser(), props.longValue("research.input.max-bytes"), clock),
                new InputFolder(inputDir, inputDir.resolve(runtime.failedDir()), failures),
                new MessageJobs(new JobParser()::parse, props.longValue("research.input.max-bytes")),
                failures,
                budgets,
                answers.map(AnswerModel.Built::budget).orElse(null),
                progress,
                new RunFolders(report.outputDir(), clock),
                props.intIn("research.jobs.parallel-jobs", 1, 1000, "jobs"));
        registry.bind("pages", pages);
        registry.bind("queries", queries);
        registry.bind("jobs", jobs);
        registry.bind("faults", new Faults(pages, queries, jobs));
        LOG.info(
                "watching {} for job files, reports to {}, SSRF guard {}",
                inputDir.toAbsolutePath(),
                report.outputDir().toAbsolutePath(),
                guardSettings.enabled() ? "on" : "OFF");
    }

    /** What a damaged daily credit file means: the day is spent (the default, fails closed) or counts from 0. */
    private static DailyCounts.OnCorruptFile onCorruptCreditsFile(PropertyReader props) {
        String key = "research.budget.credits-on-corrupt-file";
        String value = props.string(key).strip();
        return switch (value) {
            case "spent" -> DailyCounts.OnCorruptFile.SPENT;
            case "reset" -> DailyCounts.OnCorruptFile.RESET;
            default ->
                throw PropertyReader.notAllowed(
                        key, value, "give spent (the day counts as used up) or reset (the day counts from 0)");
        };
    }

    /** The findings ranking, with the sentence-embedding model loaded now (about a second) unless it is "none". */
    public static PassageRanker ranker(PropertyReader props) {
        RankingSettings settings = new RankingSettings(
                props.intIn("research.report.max-findings", 1, 100, "findings"),
                props.intIn("research.report.max-findings-per-source", 1, 100, "findings"),
                props.doubleIn("research.report.min-relevance", 0, 1),
                props.intIn("research.report.rerank-candidates", 1, 1000, "passages"),
                props.doubleIn("research.report.min-relevance-lexical", 0, 1));
        String model = props.string("research.report.model").strip();
        if (model.equalsIgnoreCase("none")) {
            LOG.info("findings: lexical ranking only (BM25), research.report.model = none");
            return new PassageRanker(settings, Optional.empty());
        }
        if (!OnnxSentenceEncoder.MODELS.contains(model)) {
            throw PropertyReader.notAllowed(
                    "research.report.model",
                    model,
                    "give none or one of " + String.join(", ", OnnxSentenceEncoder.MODELS));
        }
        long start = System.nanoTime();
        SentenceEncoder encoder = OnnxSentenceEncoder.load(model);
        LOG.info(
                "findings: BM25 and the {} sentence-embedding model (loaded in {} ms)",
                model,
                (System.nanoTime() - start) / 1_000_000);
        return new PassageRanker(settings, Optional.of(encoder));
    }

    /** Closes the answer model's connection pool when Camel stops. */
    private static void closeAtStop(CamelContext context, java.io.Closeable connections) {
        try {
            context.addService(new org.apache.camel.support.service.ServiceSupport() {
                @Override
                protected void doStop() throws Exception {
                    connections.close();
                }
            });
        } catch (Exception e) {
            throw new IllegalStateException("cannot register the answer model's connections: " + e.getMessage(), e);
        }
    }

    private static void addStartupListener(CamelContext context, org.apache.camel.StartupListener listener) {
        try {
            context.addStartupListener(listener);
        } catch (Exception e) {
            throw new IllegalStateException("cannot register a startup check: " + e.getMessage(), e);
        }
    }

    /** The proxy settings as written in the configuration (file, system properties, environment), kebab or camel case. */
    static ProxyCheck proxyCheck(PropertyReader props) {
        ProxyCheck check = new ProxyCheck();
        boolean systemProperties = false;
        for (String scheme : new String[] {"http", "https"}) {
            String prefix = "camel.component." + scheme + ".";
            for (String key : new String[] {"proxy-host", "proxyHost", "proxy-auth-host", "proxyAuthHost"}) {
                check.source(prefix + key, props.orEmpty(prefix + key));
            }
            systemProperties |= props.orEmpty(prefix + "use-system-properties").equalsIgnoreCase("true")
                    || props.orEmpty(prefix + "useSystemProperties").equalsIgnoreCase("true");
        }
        for (String options : new String[] {"camel.main.global-options", "camel.main.globalOptions"}) {
            for (String option : new String[] {"http.proxyHost", "https.proxyHost"}) {
                String key = options + "[" + option + "]";
                check.source(key, props.orEmpty(key));
            }
        }
        if (systemProperties) systemProxies(check);
        return check;
    }

    private static void systemProxies(ProxyCheck check) {
        for (String property : new String[] {"http.proxyHost", "https.proxyHost", "socksProxyHost"}) {
            check.source(
                    property + " (camel.component.http.use-system-properties = true)", System.getProperty(property));
        }
        check.source(
                "java.net.useSystemProxies (camel.component.http.use-system-properties = true)",
                "true".equalsIgnoreCase(System.getProperty("java.net.useSystemProxies")) ? "true" : null);
    }

    /** Every place camel-http takes a proxy from: component options, global options, and JVM system properties. */
    static ProxyCheck proxyCheck(CamelContext context) {
        ProxyCheck check = new ProxyCheck();
        boolean systemProperties = false;
        for (String scheme : new String[] {"http", "https"}) {
            HttpComponent component = context.getComponent(scheme, HttpComponent.class);
            check.source("camel.component." + scheme + ".proxy-host", component.getProxyHost())
                    .source("camel.component." + scheme + ".proxy-auth-host", component.getProxyAuthHost());
            systemProperties |= component.isUseSystemProperties();
        }
        for (String option : new String[] {"http.proxyHost", "https.proxyHost"}) {
            check.source("camel.main.global-options[" + option + "]", context.getGlobalOption(option));
        }
        if (systemProperties) systemProxies(check);
        return check;
    }

    private static java.util.List<Integer> ports(PropertyReader props, String key) {
        java.util.List<Integer> ports = new java.util.ArrayList<>();
        for (String entry : props.list(key)) {
            int port;
            try {
                port = Integer.parseInt(entry);
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException(key + " = '" + props.orEmpty(key) + "' is not allowed: '" + entry
                        + "' is not a port; give comma-separated ports 1-65535, or nothing for any port");
            }
            ports.add(port);
        }
        return ports;
    }

    static GuardSettings guardSettings(PropertyReader props) {
        return new GuardSettings(
                props.booleanValue("research.guard.enabled"),
                props.list("research.guard.allowed-domains"),
                props.list("research.guard.denied-domains"),
                props.list("research.guard.allowed-addresses"),
                ports(props, "research.guard.allowed-ports"));
    }

    /**
     * One connection pool for every camel-http endpoint, resolving names through the SSRF guard: the addresses it
     * checks are the addresses HttpClient connects to, so DNS rebinding cannot slip past it.
     */
    static HttpClientConnectionManager connectionManager(GuardSettings guard, FetchSettings.Limits limits) {
        return PoolingHttpClientConnectionManagerBuilder.create()
                .setDnsResolver(new GuardedDnsResolver(guard))
                .setMaxConnTotal(64)
                // a crawler keeps few connections to one server: the scheduler sends one page at a time per host, the
                // second is for its robots.txt. Search calls share the pool, so at most two run at once per provider
                .setMaxConnPerRoute(2)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.ofMilliseconds(limits.connectTimeoutMs()))
                        .setSocketTimeout(Timeout.ofMilliseconds(limits.timeoutMs()))
                        .build())
                .build();
    }

    static FetchSettings fetchSettings(PropertyReader props) {
        String key = "research.fetch.";
        return new FetchSettings(
                new FetchSettings.Identity(props.string(key + "user-agent"), props.string(key + "robots-agent")),
                new FetchSettings.Pacing(
                        props.longValue(key + "host-delay-ms"),
                        props.intIn(key + "pool-size", 1, 1000, "threads"),
                        props.doubleIn(key + "slow-host-delay-factor", 0, 100),
                        props.longIn(key + "max-slow-host-delay-ms", 0, 3_600_000, "milliseconds")),
                new FetchSettings.Limits(
                        props.longValue(key + "max-bytes"),
                        props.longValue(key + "timeout-ms"),
                        props.longValue(key + "connect-timeout-ms"),
                        props.intValue(key + "max-redirects"),
                        props.intValue(key + "pdf-max-pages"),
                        props.longValue(key + "pdf-max-ms")),
                new FetchSettings.Robots(
                        props.longValue(key + "robots-max-bytes"),
                        props.longValue(key + "robots-ttl-ms"),
                        props.longValue(key + "robots-error-ttl-ms"),
                        props.longValue(key + "max-crawl-delay-ms")));
    }

    /** The searcher's view of the search cache. */
    private static ResultCache searchResults(SearchCache cache) {
        return new ResultCache() {
            @Override
            public Optional<SearchResults> get(String key) {
                return cache.get(key);
            }

            @Override
            public void put(String key, SearchResults results) {
                cache.put(key, results);
            }
        };
    }

    /** The startup line about the cache: where it is and how full, or why it is off. */
    static String cacheLine(CacheSettings settings, CacheStore store) {
        if (!settings.enabled()) return "cache off (research.cache.enabled = false): every page and search is fetched";
        if (!store.enabled())
            return "persistent cache off (" + store.offReason() + "): pages and searches are cached in"
                    + " memory only, for this run";
        return "cache " + store.file() + ": " + store.usedBytes() / 1024 + " KiB of " + settings.maxBytes() / 1024
                + " KiB used, " + LogText.count(store.entries(CacheStore.Kind.PAGE), "page", "pages") + ", "
                + LogText.count(store.entries(CacheStore.Kind.SEARCH), "search", "searches") + "; searches reused for "
                + settings.ttl().toSeconds() + " s, pages as their sites say (else as long)";
    }
}
