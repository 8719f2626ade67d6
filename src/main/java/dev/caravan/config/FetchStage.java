package dev.caravan.config;

import dev.caravan.extract.ContentExtractor;
import dev.caravan.extract.PageConverter;
import dev.caravan.extract.PdfText;
import dev.caravan.fetch.FetchScheduler;
import dev.caravan.fetch.FetchSettings;
import dev.caravan.fetch.PageFetcher;
import dev.caravan.fetch.RobotsPolicy;
import dev.caravan.fetch.WebTransport;
import dev.caravan.fetch.guard.GuardSettings;
import dev.caravan.fetch.guard.GuardedDnsResolver;
import dev.caravan.fetch.guard.UrlGuard;
import dev.caravan.messaging.SharedFetchSettings;
import dev.caravan.web.WebClient;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;

/**
 * Builds the fetch stage from the {@code research.fetch.*} and {@code research.guard.*} keys: the SSRF guard, the
 * connection pool every request of Caravan shares (pages, robots.txt, search calls) with its names resolved through
 * the guard, the one HTTP client over it, the fetch scheduler, robots.txt, the page fetcher and the page converter.
 */
final class FetchStage {

    /**
     * With shared fetching, how long a host new to this instance waits before its first request: the time for another
     * instance's word on when it may next be asked (HostHandovers) to arrive, in case the broker moved the host here
     * just after that instance asked it. That word is sent before the task is acknowledged, so it is at the broker
     * before the host can move; a few milliseconds would do.
     */
    static final Duration HANDOVER_GRACE = Duration.ofMillis(50);

    /**
     * @param connections the pool, to close once Camel has stopped
     * @param web the HTTP client over the pool, which the search stage shares
     */
    record Built(
            FetchSettings settings,
            GuardSettings guardSettings,
            UrlGuard guard,
            PoolingHttpClientConnectionManager connections,
            WebClient web,
            FetchScheduler scheduler,
            PageFetcher fetcher,
            PageConverter converter) {}

    private FetchStage() {}

    /**
     * @param sharing whether pages are fetched by several instances together ({@code research.fetch.shared})
     * @param pageWork where a page's work goes on once its host had its turn
     */
    static Built build(PropertyReader props, SharedFetchSettings sharing, Executor pageWork, Clock clock) {
        FetchSettings fetch = settings(props);
        GuardSettings guardSettings = guardSettings(props);
        ProxyCheck.of(props).refuseAny(guardSettings.enabled());
        UrlGuard guard = new UrlGuard(guardSettings);
        PoolingHttpClientConnectionManager connections = connectionManager(guardSettings, fetch.limits());
        WebClient web = new WebClient(connections, fetch.identity().userAgent(), clock);
        FetchScheduler scheduler = FetchScheduler.start(
                fetch.pacing().poolSize(),
                fetch.pacing().slowHostDelayFactor(),
                Duration.ofMillis(fetch.pacing().maxSlowHostDelayMs()),
                // shared: a host another instance hands over may have been asked there just now; it says when the
                // host may next be asked (HostHandovers), and this short wait leaves time for that word to arrive
                sharing.enabled() ? HANDOVER_GRACE : Duration.ZERO,
                clock,
                pageWork);
        WebTransport transport = new WebTransport(web, fetch);
        RobotsPolicy robots = new RobotsPolicy(transport, guard, scheduler, fetch, clock);
        return new Built(
                fetch,
                guardSettings,
                guard,
                connections,
                web,
                scheduler,
                new PageFetcher(transport, guard, robots, scheduler, fetch, clock),
                new PageConverter(
                        new ContentExtractor(),
                        new PdfText(fetch.limits().pdfMaxPages(), fetch.limits().pdfMaxMs())));
    }

    static FetchSettings settings(PropertyReader props) {
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
                        props.longValue(key + "max-crawl-delay-ms"),
                        props.longValue(key + "delay-after-robots-ms")));
    }

    static GuardSettings guardSettings(PropertyReader props) {
        return new GuardSettings(
                props.booleanValue("research.guard.enabled"),
                props.list("research.guard.allowed-domains"),
                props.list("research.guard.denied-domains"),
                props.list("research.guard.allowed-addresses"),
                ports(props, "research.guard.allowed-ports"));
    }

    private static List<Integer> ports(PropertyReader props, String key) {
        List<Integer> ports = new ArrayList<>();
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

    /**
     * The one connection pool of pages, robots.txt files and search calls, resolving names through the SSRF guard: the
     * addresses it checks are the addresses HttpClient connects to, so DNS rebinding cannot slip past it.
     */
    static PoolingHttpClientConnectionManager connectionManager(GuardSettings guard, FetchSettings.Limits limits) {
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
}
