package dev.caravan.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.fetch.guard.GuardSettings;
import dev.caravan.fetch.guard.UrlGuard;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.testing.FakeClock;
import dev.caravan.testing.FakeTransport;
import dev.caravan.testing.RecordingSleeper;
import dev.caravan.web.Urls;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PageFetcherTest {

    private static final UrlGuard GUARD = new UrlGuard(GuardSettings.defaults());

    private static final String ROBOTS = "https://example.org:443/robots.txt";

    private final FakeClock clock = FakeClock.at("2026-01-01T00:00:00Z");
    private final RecordingSleeper sleeper = new RecordingSleeper(clock);
    private final FakeTransport transport = new FakeTransport();

    private PageFetcher fetcher(FetchSettings settings) {
        FetchScheduler scheduler = FetchScheduler.callerRuns(0, Duration.ZERO, clock, sleeper);
        return new PageFetcher(
                transport,
                GUARD,
                new RobotsPolicy(transport, GUARD, scheduler, settings, clock),
                scheduler,
                settings,
                clock);
    }

    private FetchResponse fetch(String url) {
        return fetcher(FetchTestSupport.settings()).fetch(url).join();
    }

    private void openRobots() {
        transport.ok(ROBOTS, "text/plain", "User-agent: *\nDisallow: /secret\n");
    }

    @Test
    void an_allowed_page_is_fetched_after_its_robots_txt() {
        openRobots();
        transport.ok("https://example.org/page", "text/html; charset=utf-8", "<p>hello</p>");

        FetchResponse response = fetch("https://example.org/page");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(response.url()).isEqualTo("https://example.org/page");
        assertThat(response.finalUrl()).isEqualTo("https://example.org/page");
        assertThat(response.retrieval().httpStatus()).isEqualTo(200);
        assertThat(response.contentType()).isEqualTo("text/html; charset=utf-8");
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("<p>hello</p>");
        assertThat(response.reason()).isNull();
        assertThat(transport.calls())
                .extracting(FakeTransport.Call::url, FakeTransport.Call::purpose)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(ROBOTS, HttpTransport.Purpose.ROBOTS),
                        org.assertj.core.groups.Tuple.tuple("https://example.org/page", HttpTransport.Purpose.PAGE));
    }

    @ParameterizedTest(name = "delay after robots.txt {0} ms: the first page waits {1} ms, the second {2} ms more")
    @CsvSource({"0, 0, 1000", "250, 250, 1000", "1000, 1000, 1000", "3000, 3000, 1000"})
    void the_first_page_waits_the_delay_after_robots_txt_and_the_next_ones_the_host_delay(
            long delayAfterRobotsMs, long firstWaitMs, long secondWaitMs) {
        openRobots();
        transport.ok("https://example.org/1", "text/plain", "one");
        transport.ok("https://example.org/2", "text/plain", "two");
        PageFetcher fetcher = fetcher(FetchTestSupport.settings(1_000, 10_000, delayAfterRobotsMs));

        fetcher.fetch("https://example.org/1").join();
        fetcher.fetch("https://example.org/2").join();

        List<Duration> expected = new ArrayList<>();
        if (firstWaitMs > 0) expected.add(Duration.ofMillis(firstWaitMs));
        expected.add(Duration.ofMillis(secondWaitMs));
        assertThat(sleeper.sleeps()).containsExactlyElementsOf(expected);
    }

    @Test
    void a_crawl_delay_longer_than_the_host_delay_spaces_later_requests() {
        transport.ok(ROBOTS, "text/plain", "User-agent: *\nCrawl-delay: 3\n");
        transport.ok("https://example.org/1", "text/plain", "one");
        transport.ok("https://example.org/2", "text/plain", "two");
        PageFetcher fetcher = fetcher(FetchTestSupport.settings());

        fetcher.fetch("https://example.org/1").join();
        fetcher.fetch("https://example.org/2").join();

        assertThat(sleeper.sleeps()).containsExactly(Duration.ofSeconds(3));
    }

    @Test
    void the_response_time_is_taken_from_the_clock_and_the_deadline_runs_from_the_request_start() {
        openRobots();
        transport.ok("https://example.org/page", "text/plain", "hello");

        FetchResponse response = fetcher(FetchTestSupport.settings(1_000, 10_000, 1_000))
                .fetch("https://example.org/page")
                .join();

        assertThat(response.retrieval().fetchedAt()).isEqualTo(Instant.parse("2026-01-01T00:00:01Z"));
        assertThat(transport.calls().get(1).deadline()).isEqualTo(Instant.parse("2026-01-01T00:00:11Z"));
    }

    @Test
    void a_page_disallowed_by_robots_is_never_requested() {
        openRobots();

        FetchResponse response = fetch("https://example.org/secret/plans");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.ROBOTS_DENIED);
        assertThat(response.reason()).isEqualTo("robots.txt disallows this path for CaravanBot");
        assertThat(transport.urls()).containsExactly(ROBOTS);
    }

    @Test
    void a_redirect_is_followed_to_the_final_page() {
        openRobots();
        transport.redirect("https://example.org/old", 301, "/new");
        transport.ok("https://example.org/new", "text/plain", "moved here");

        FetchResponse response = fetch("https://example.org/old");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(response.url()).isEqualTo("https://example.org/old");
        assertThat(response.finalUrl()).isEqualTo("https://example.org/new");
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("moved here");
        assertThat(transport.urls()).containsExactly(ROBOTS, "https://example.org/old", "https://example.org/new");
    }

    @Test
    void a_redirect_to_another_host_is_checked_against_that_hosts_robots() {
        openRobots();
        transport.redirect("https://example.org/out", 302, "https://other.example/landing");
        transport.ok("https://other.example:443/robots.txt", "text/plain", "User-agent: *\nDisallow:\n");
        transport.ok("https://other.example/landing", "text/plain", "landed");

        FetchResponse response = fetch("https://example.org/out");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(transport.urls())
                .containsExactly(
                        ROBOTS,
                        "https://example.org/out",
                        "https://other.example:443/robots.txt",
                        "https://other.example/landing");
    }

    @Test
    void a_redirect_is_checked_against_robots_again_and_a_disallowed_target_is_never_requested() {
        openRobots();
        transport.redirect("https://example.org/public", 302, "/secret/page");
        transport.ok("https://example.org/secret/page", "text/plain", "must not be fetched");

        FetchResponse response = fetch("https://example.org/public");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.ROBOTS_DENIED);
        assertThat(response.finalUrl()).isEqualTo("https://example.org/secret/page");
        assertThat(transport.urls())
                .doesNotContain("https://example.org/secret/page")
                .containsExactly(ROBOTS, "https://example.org/public");
    }

    @Test
    void a_redirect_to_a_host_whose_robots_is_unreachable_is_not_followed() {
        openRobots();
        transport.redirect("https://example.org/out", 302, "https://down.example/x");
        transport.status("https://down.example:443/robots.txt", 503);

        FetchResponse response = fetch("https://example.org/out");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.ROBOTS_UNAVAILABLE);
        assertThat(transport.urls()).doesNotContain("https://down.example/x");
    }

    @Test
    void more_redirects_than_allowed_stop_with_redirect_limit() {
        openRobots();
        for (int i = 0; i < 6; i++) transport.redirect("https://example.org/r" + i, 301, "/r" + (i + 1));

        FetchResponse response = fetch("https://example.org/r0");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.REDIRECT_LIMIT);
        assertThat(response.reason()).isEqualTo("more than 3 redirects");
        assertThat(response.retrieval().httpStatus()).isEqualTo(301);
        assertThat(response.finalUrl()).isEqualTo("https://example.org/r3");
        assertThat(transport.urls())
                .containsExactly(
                        ROBOTS,
                        "https://example.org/r0",
                        "https://example.org/r1",
                        "https://example.org/r2",
                        "https://example.org/r3");
    }

    @Test
    void exactly_the_allowed_number_of_redirects_is_followed() {
        openRobots();
        for (int i = 0; i < 3; i++) transport.redirect("https://example.org/r" + i, 307, "/r" + (i + 1));
        transport.ok("https://example.org/r3", "text/plain", "end");

        assertThat(fetch("https://example.org/r0").outcome()).isEqualTo(FetchOutcome.OK);
    }

    @Test
    void a_redirect_loop_is_detected_without_requesting_a_page_twice() {
        openRobots();
        transport.redirect("https://example.org/a", 302, "/b");
        transport.redirect("https://example.org/b", 302, "https://example.org/a");

        FetchResponse response = fetch("https://example.org/a");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.REDIRECT_LIMIT);
        assertThat(response.reason()).isEqualTo("redirect loop back to https://example.org/a");
        assertThat(response.retrieval().httpStatus()).isEqualTo(302);
        assertThat(transport.count("https://example.org/a")).isEqualTo(1);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            https://exa mple.org/x | redirect to an unusable location: Illegal character in authority at index 8: https://exa mple.org/x
            ftp://example.org/file | redirect to an unusable location: only http and https URLs are fetched, not 'ftp'
            """)
    void a_redirect_to_an_unusable_location_is_an_invalid_url(String location, String reason) {
        openRobots();
        transport.redirect("https://example.org/go", 302, location);

        FetchResponse response = fetch("https://example.org/go");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.INVALID_URL);
        assertThat(response.reason()).isEqualTo(reason);
        assertThat(response.retrieval().httpStatus()).isEqualTo(302);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            404 | HTTP 404 Not Found
            403 | HTTP 403 Forbidden
            410 | HTTP 410 Gone
            429 | HTTP 429 Too Many Requests
            500 | HTTP 500 Internal Server Error
            503 | HTTP 503 Service Unavailable
            418 | HTTP 418 client error
            599 | HTTP 599 server error
            999 | HTTP 999 server error
            413 | HTTP 413 Request Too Long
            451 | HTTP 451 Unavailable For Legal Reasons
            304 | HTTP 304
            301 | HTTP 301
            """)
    void an_error_status_is_an_http_error_with_its_reason_phrase(int status, String reason) {
        openRobots();
        transport.status("https://example.org/page", status);

        FetchResponse response = fetch("https://example.org/page");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.HTTP_ERROR);
        assertThat(response.reason()).isEqualTo(reason);
        assertThat(response.retrieval().httpStatus()).isEqualTo(status);
        assertThat(response.body()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({
        "TIMEOUT, TIMEOUT, no response within 10000 ms",
        "TOO_LARGE, TOO_LARGE, page larger than 1000000 bytes",
        "NETWORK, NETWORK_ERROR, connection reset",
        "BLOCKED, BLOCKED, address is private"
    })
    void a_transport_failure_maps_to_its_outcome(HttpResult.Failure failure, FetchOutcome outcome, String detail) {
        openRobots();
        transport.on("https://example.org/page", HttpResult.failed(failure, detail));

        FetchResponse response = fetch("https://example.org/page");

        assertThat(response.outcome()).isEqualTo(outcome);
        assertThat(response.reason()).isEqualTo(detail);
        assertThat(response.retrieval().httpStatus()).isNull();
    }

    @Test
    void waiting_for_the_host_is_not_charged_to_the_page_deadline() {
        openRobots();
        transport.ok("https://example.org/page", "text/plain", "late");

        FetchResponse response = fetcher(FetchTestSupport.settings(20_000, 10_000, 20_000))
                .fetch("https://example.org/page")
                .join();

        assertThat(response.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(transport.urls()).containsExactly(ROBOTS, "https://example.org/page");
        assertThat(transport.calls().get(1).deadline()).isEqualTo(Instant.parse("2026-01-01T00:00:30Z"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            ftp://example.org/file.txt  | only http and https URLs are fetched, not 'ftp'
            mailto:someone@example.org  | only http and https URLs are fetched, not 'mailto'
            /relative/path              | only http and https URLs are fetched, not ''
            https:///no-host            | the URL has no host
            https://exa mple.org/       | not a valid URL: Illegal character in authority
            'not a url'                 | not a valid URL: Illegal character in path
            https://example.org:65536/  | invalid port 65536 (ports are 1-65535)
            https://example.org:0/      | invalid port 0 (ports are 1-65535)
            'https://example.org/?k={{env:TAVILY_API_KEY}}' | not a valid URL: Illegal character in query
            """)
    void an_unusable_url_is_an_invalid_url_and_nothing_is_requested(String url, String reason) {
        FetchResponse response = fetch(url);

        assertThat(response.outcome()).isEqualTo(FetchOutcome.INVALID_URL);
        assertThat(response.reason()).isEqualTo(reason);
        assertThat(response.url()).isEqualTo(url);
        assertThat(transport.calls()).isEmpty();
    }

    @Test
    void the_fragment_is_dropped_before_the_request_so_it_cannot_hide_another_host() {
        openRobots();
        transport.ok("https://example.org/page", "text/html", "<p>hello</p>");

        FetchResponse page = fetch("https://example.org/page#section-2");
        FetchResponse trick = fetch("http://evil.example#@127.0.0.1/");

        assertThat(page.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(page.finalUrl()).isEqualTo("https://example.org/page");
        assertThat(transport.urls())
                .contains("https://example.org/page", "http://evil.example")
                .noneMatch(url -> url.contains("#") || url.contains("%23") || url.contains("127.0.0.1"));
        assertThat(trick.finalUrl()).isEqualTo("http://evil.example");
    }

    @Test
    void a_redirect_to_a_host_of_thousands_of_labels_is_blocked_at_that_hop() {
        openRobots();
        String longHost = "a.".repeat(1550) + "example.org";
        transport.redirect("https://example.org/go", 302, "https://" + longHost + "/");

        FetchResponse response = fetch("https://example.org/go");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.BLOCKED);
        assertThat(response.reason()).contains("longer than 253");
        assertThat(transport.urls()).containsExactly(ROBOTS, "https://example.org/go");
    }

    @Test
    void a_redirect_to_a_placeholder_is_refused_and_never_requested() {
        openRobots();
        transport.redirect("https://example.org/go", 302, "/x?k={{env:TAVILY_API_KEY}}");

        FetchResponse response = fetch("https://example.org/go");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.INVALID_URL);
        assertThat(transport.urls()).containsExactly(ROBOTS, "https://example.org/go");
    }

    @ParameterizedTest(name = "a transport throwing {0} fails only the page")
    @ValueSource(strings = {"stack overflow", "runtime exception"})
    void anything_recoverable_thrown_while_fetching_becomes_an_internal_error_of_that_page(String kind) {
        HttpTransport throwing = (url, purpose, deadline, headers) -> {
            if (kind.equals("stack overflow")) throw new StackOverflowError();
            throw new IllegalStateException("broken transport");
        };
        FetchSettings settings = FetchTestSupport.settings();
        FetchScheduler scheduler = FetchScheduler.callerRuns(0, Duration.ZERO, clock, sleeper);
        PageFetcher fetcher = new PageFetcher(
                throwing,
                GUARD,
                new RobotsPolicy(transport, GUARD, scheduler, settings, clock),
                scheduler,
                settings,
                clock);
        openRobots();

        FetchResponse response = fetcher.fetch("https://example.org/page").join();

        assertThat(response.outcome()).isEqualTo(FetchOutcome.INTERNAL_ERROR);
        assertThat(response.reason())
                .startsWith("internal error while fetching the page (")
                .contains(
                        kind.equals("stack overflow")
                                ? "StackOverflowError"
                                : "IllegalStateException: broken transport");
    }

    @ParameterizedTest
    @CsvSource({
        "https://Example.ORG/a, example.org",
        "http://example.org:8080/a, example.org:8080",
        "https://example.org:443/a, example.org",
        "http://example.org:80/a, example.org"
    })
    void the_politeness_key_is_the_host_with_a_port_only_when_not_the_default(String url, String key) {
        assertThat(Urls.hostKey(URI.create(url))).isEqualTo(key);
    }

    @Test
    void a_header_lookup_ignores_case() {
        HttpResult result = HttpResult.response(302, Map.of("location", "/x"), null);

        assertThat(result.header("Location")).isEqualTo("/x");
        assertThat(result.isRedirect()).isTrue();
        assertThat(result.body()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({
        "http://127.0.0.1/admin, loopback",
        "http://10.0.0.7/, private",
        "http://169.254.169.254/latest/meta-data/, cloud metadata",
        "http://printer.local/, local-only name",
        "http://user:pw@example.org/, userinfo"
    })
    void an_address_the_guard_refuses_is_blocked_without_any_request(String url, String reason) {
        FetchResponse response = fetch(url);

        assertThat(response.outcome()).isEqualTo(FetchOutcome.BLOCKED);
        assertThat(response.reason()).contains(reason);
        assertThat(transport.calls()).isEmpty();
    }

    @Test
    void a_redirect_to_a_refused_address_is_blocked_at_that_hop() {
        openRobots();
        transport.redirect("https://example.org/go", 302, "http://192.168.1.1/router");

        FetchResponse response = fetch("https://example.org/go");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.BLOCKED);
        assertThat(response.finalUrl()).isEqualTo("http://192.168.1.1/router");
        assertThat(response.retrieval().httpStatus())
                .as("the last status seen: the redirect")
                .isEqualTo(302);
        assertThat(transport.urls()).containsExactly(ROBOTS, "https://example.org/go");
    }

    @Test
    void a_429_with_retry_after_pauses_the_host_and_retries_once() {
        openRobots();
        transport.sequence(
                "https://example.org/busy",
                HttpResult.response(429, Map.of("retry-after", "2"), new byte[0]),
                HttpResult.response(
                        200,
                        Map.of("content-type", "text/plain"),
                        "fine".getBytes(java.nio.charset.StandardCharsets.UTF_8)));

        FetchResponse response = fetch("https://example.org/busy");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(transport.count("https://example.org/busy")).isEqualTo(2);
        assertThat(sleeper.sleeps()).contains(Duration.ofSeconds(2));
    }

    @Test
    void a_second_429_is_reported_not_retried_again() {
        openRobots();
        transport.on("https://example.org/busy", HttpResult.response(429, Map.of("retry-after", "1"), new byte[0]));

        FetchResponse response = fetch("https://example.org/busy");

        assertThat(response.outcome()).isEqualTo(FetchOutcome.HTTP_ERROR);
        assertThat(response.reason()).isEqualTo("HTTP 429 Too Many Requests");
        assertThat(transport.count("https://example.org/busy")).isEqualTo(2);
    }
}
