package dev.caravan.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.fetch.guard.GuardSettings;
import dev.caravan.fetch.guard.UrlGuard;
import dev.caravan.model.FetchOutcome;
import dev.caravan.testing.FakeClock;
import dev.caravan.testing.FakeTransport;
import dev.caravan.testing.RecordingSleeper;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RobotsPolicyTest {

    private static final String ROBOTS = "https://example.org:443/robots.txt";

    private final FakeClock clock = FakeClock.at("2026-01-01T00:00:00Z");
    private final FakeTransport transport = new FakeTransport();
    private final RobotsPolicy policy = new RobotsPolicy(
            transport,
            new UrlGuard(GuardSettings.defaults()),
            FetchScheduler.callerRuns(0, java.time.Duration.ZERO, clock, new RecordingSleeper(clock)),
            FetchTestSupport.settings(),
            clock);

    private RobotsVerdict check(String url) {
        return policy.check(URI.create(url)).join();
    }

    @Test
    void a_path_disallowed_for_everyone_is_refused_with_the_reason() {
        transport.ok(ROBOTS, "text/plain", "User-agent: *\nDisallow: /private/\n");

        RobotsVerdict verdict = check("https://example.org/private/report.html");

        assertThat(verdict.allowed()).isFalse();
        assertThat(verdict.refusal()).isEqualTo(FetchOutcome.ROBOTS_DENIED);
        assertThat(verdict.reason()).isEqualTo("robots.txt disallows this path for CaravanBot");
    }

    @Test
    void a_path_outside_the_disallowed_ones_is_allowed_without_delay() {
        transport.ok(ROBOTS, "text/plain", "User-agent: *\nDisallow: /private/\n");

        RobotsVerdict verdict = check("https://example.org/public/page");

        assertThat(verdict).isEqualTo(RobotsVerdict.allow(Duration.ZERO));
    }

    @ParameterizedTest(name = "{0} -> allowed {1}")
    @CsvSource({
        "/, true",
        "/docs/guide, true",
        "/drafts/one, false",
        "/drafts, true",
        "/search?q=x, false",
        "/archive/2020/open.html, true",
        "/archive/2020/closed.html, false"
    })
    void the_agent_specific_group_beats_the_star_group(String path, boolean allowed) {
        transport.ok(ROBOTS, "text/plain", """
                User-agent: *
                Disallow: /

                User-agent: CaravanBot
                Disallow: /drafts/
                Disallow: /search
                Allow: /archive/2020/open.html
                Disallow: /archive/
                """);

        assertThat(check("https://example.org" + path).allowed()).isEqualTo(allowed);
    }

    @Test
    void another_agents_group_does_not_apply_to_us() {
        transport.ok(ROBOTS, "text/plain", "User-agent: OtherBot\nDisallow: /\n\nUser-agent: *\nDisallow: /tmp/\n");

        assertThat(check("https://example.org/page").allowed()).isTrue();
        assertThat(check("https://example.org/tmp/x").allowed()).isFalse();
    }

    @ParameterizedTest
    @CsvSource({"404", "403", "401", "410"})
    void a_robots_txt_answering_4xx_allows_everything(int status) {
        transport.status(ROBOTS, status);

        assertThat(check("https://example.org/anything/at/all")).isEqualTo(RobotsVerdict.allow(Duration.ZERO));
    }

    @ParameterizedTest
    @CsvSource({"500", "503", "429"})
    void a_robots_txt_answering_5xx_or_429_closes_the_host(int status) {
        transport.status(ROBOTS, status);

        RobotsVerdict verdict = check("https://example.org/page");

        assertThat(verdict.allowed()).isFalse();
        assertThat(verdict.refusal()).isEqualTo(FetchOutcome.ROBOTS_UNAVAILABLE);
        assertThat(verdict.reason()).isEqualTo("robots.txt answered HTTP " + status + "; the host is skipped for now");
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "NETWORK | host not found: nowhere.example | NETWORK_ERROR",
                "NETWORK | connection refused              | NETWORK_ERROR",
                "TIMEOUT | timed out: Read timed out       | ROBOTS_UNAVAILABLE"
            })
    void a_robots_txt_that_cannot_be_fetched_closes_the_host_and_a_host_that_never_answered_is_a_network_error(
            HttpResult.Failure failure, String detail, FetchOutcome outcome) {
        transport.on(ROBOTS, HttpResult.failed(failure, detail));

        RobotsVerdict verdict = check("https://example.org/page");

        assertThat(verdict.allowed()).isFalse();
        assertThat(verdict.refusal()).isEqualTo(outcome);
        assertThat(verdict.reason()).isEqualTo("robots.txt could not be fetched (" + detail + ")");
    }

    @Test
    void a_redirected_robots_txt_is_followed_and_its_rules_apply() {
        transport.redirect(ROBOTS, 301, "https://www.example.org/robots.txt");
        transport.ok("https://www.example.org/robots.txt", "text/plain", "User-agent: *\nDisallow: /secret\n");

        assertThat(check("https://example.org/secret/plan").refusal()).isEqualTo(FetchOutcome.ROBOTS_DENIED);
        assertThat(check("https://example.org/open").allowed()).isTrue();
        assertThat(transport.urls()).containsExactly(ROBOTS, "https://www.example.org/robots.txt");
    }

    @Test
    void a_relative_robots_redirect_is_resolved_against_the_robots_url() {
        transport.redirect(ROBOTS, 302, "/robots-live.txt");
        transport.ok("https://example.org:443/robots-live.txt", "text/plain", "User-agent: *\nDisallow: /x\n");

        assertThat(check("https://example.org/x").refusal()).isEqualTo(FetchOutcome.ROBOTS_DENIED);
    }

    @Test
    void more_than_five_robots_redirects_close_the_host() {
        for (int i = 0; i < 7; i++) {
            String from = i == 0 ? ROBOTS : "https://example.org:443/r" + i;
            transport.redirect(from, 302, "/r" + (i + 1));
        }

        RobotsVerdict verdict = check("https://example.org/page");

        assertThat(verdict.refusal()).isEqualTo(FetchOutcome.ROBOTS_UNAVAILABLE);
        assertThat(verdict.reason()).isEqualTo("robots.txt redirected more than 5 times");
        assertThat(transport.calls()).hasSize(6);
    }

    @Test
    void a_robots_redirect_to_an_unusable_location_closes_the_host_instead_of_throwing() {
        transport.redirect(ROBOTS, 301, "https://exa mple.org/robots.txt");

        RobotsVerdict verdict = check("https://example.org/page");

        assertThat(verdict.allowed()).isFalse();
        assertThat(verdict.refusal()).isEqualTo(FetchOutcome.ROBOTS_UNAVAILABLE);
        assertThat(verdict.reason()).startsWith("robots.txt redirected to an unusable location");
    }

    @Test
    void a_crawl_delay_within_the_maximum_is_returned() {
        transport.ok(ROBOTS, "text/plain", "User-agent: *\nCrawl-delay: 2\nDisallow: /no\n");

        assertThat(check("https://example.org/yes")).isEqualTo(RobotsVerdict.allow(Duration.ofSeconds(2)));
    }

    @Test
    void a_crawl_delay_above_the_maximum_skips_the_host() {
        transport.ok(ROBOTS, "text/plain", "User-agent: *\nCrawl-delay: 10\n");

        RobotsVerdict verdict = check("https://example.org/page");

        assertThat(verdict.allowed()).isFalse();
        assertThat(verdict.refusal()).isEqualTo(FetchOutcome.CRAWL_DELAY_TOO_LONG);
        assertThat(verdict.reason())
                .isEqualTo("robots.txt Crawl-delay of 10.0 s exceeds the configured maximum of 5.0 s");
    }

    @Test
    void robots_txt_is_fetched_once_per_origin() {
        transport.ok(ROBOTS, "text/plain", "User-agent: *\nDisallow: /private/\n");

        check("https://example.org/a");
        check("https://EXAMPLE.org/b");
        check("https://example.org:443/private/c");

        assertThat(transport.calls()).singleElement().satisfies(call -> {
            assertThat(call.url()).isEqualTo(ROBOTS);
            assertThat(call.purpose()).isEqualTo(HttpTransport.Purpose.ROBOTS);
        });
    }

    @Test
    void an_unavailable_robots_txt_is_remembered_too() {
        transport.status(ROBOTS, 503);

        check("https://example.org/a");
        check("https://example.org/b");

        assertThat(transport.count(ROBOTS)).isEqualTo(1);
    }

    @Test
    void http_and_https_of_one_host_are_separate_origins() {
        transport.ok("http://example.org:80/robots.txt", "text/plain", "User-agent: *\nDisallow: /\n");
        transport.ok(ROBOTS, "text/plain", "User-agent: *\nDisallow:\n");

        assertThat(check("http://example.org/page").refusal()).isEqualTo(FetchOutcome.ROBOTS_DENIED);
        assertThat(check("https://example.org/page").allowed()).isTrue();
        assertThat(transport.urls()).containsExactly("http://example.org:80/robots.txt", ROBOTS);
    }

    @Test
    void another_port_is_another_origin() {
        transport.ok("https://example.org:8443/robots.txt", "text/plain", "User-agent: *\nDisallow: /\n");
        transport.ok(ROBOTS, "text/plain", "User-agent: *\nDisallow:\n");

        assertThat(check("https://example.org:8443/page").allowed()).isFalse();
        assertThat(check("https://example.org/page").allowed()).isTrue();
    }

    @ParameterizedTest
    @CsvSource({
        "https://Example.ORG/a/b?c, https://example.org:443",
        "http://example.org/, http://example.org:80",
        "HTTP://example.org:8080/x, http://example.org:8080",
        "https://[2001:db8::1]/x, https://[2001:db8::1]:443"
    })
    void the_origin_is_scheme_host_and_port(String url, String origin) {
        assertThat(WebUrls.origin(URI.create(url))).isEqualTo(origin);
    }

    @Test
    void a_robots_txt_without_content_type_is_still_parsed() {
        transport.on(
                ROBOTS,
                HttpResult.response(
                        200,
                        Map.of(),
                        "User-agent: *\nDisallow: /x\n".getBytes(java.nio.charset.StandardCharsets.UTF_8)));

        assertThat(check("https://example.org/x/y").refusal()).isEqualTo(FetchOutcome.ROBOTS_DENIED);
    }
}
