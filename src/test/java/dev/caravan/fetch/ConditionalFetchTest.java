package dev.caravan.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.fetch.guard.GuardSettings;
import dev.caravan.fetch.guard.UrlGuard;
import dev.caravan.model.CacheHeaders;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.testing.FakeClock;
import dev.caravan.testing.FakeTransport;
import dev.caravan.testing.RecordingSleeper;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Conditional requests (RFC 9110 13.1): the stored validators go out, and a 304 says the stored copy is the page. */
class ConditionalFetchTest {

    private static final UrlGuard GUARD = new UrlGuard(GuardSettings.defaults());
    private static final String ROBOTS = "https://example.org:443/robots.txt";
    private static final String PAGE = "https://example.org/page";
    private static final String DATE = "Wed, 06 May 2026 10:00:00 GMT";

    private final FakeClock clock = FakeClock.at("2026-05-06T12:00:00Z");
    private final FakeTransport transport = new FakeTransport();

    private PageFetcher fetcher() {
        FetchSettings settings = FetchTestSupport.settings();
        FetchScheduler scheduler = FetchScheduler.callerRuns(0, Duration.ZERO, clock, new RecordingSleeper(clock));
        return new PageFetcher(
                transport,
                GUARD,
                new RobotsPolicy(transport, GUARD, scheduler, settings, clock),
                scheduler,
                settings,
                clock);
    }

    private static CacheHeaders stored(String etag, String lastModified) {
        return new CacheHeaders(etag, lastModified, null, null, null, null);
    }

    @Test
    void a_stored_copy_makes_the_request_conditional_and_a_304_comes_back_as_not_modified_without_a_body() {
        transport.ok(ROBOTS, "text/plain", "User-agent: *\nAllow: /\n");
        transport.on(
                PAGE, HttpResult.response(304, Map.of("etag", "\"v1\"", "cache-control", "max-age=60"), new byte[0]));

        FetchResponse response = fetcher().fetch(PAGE, stored("\"v1\"", DATE)).join();

        assertThat(response.notModified()).isTrue();
        assertThat(response.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(response.bytes()).isZero();
        assertThat(response.caching().cacheControl()).isEqualTo("max-age=60");
        FakeTransport.Call request = transport.calls().get(1);
        assertThat(request.url()).isEqualTo(PAGE);
        assertThat(request.headers())
                .containsOnly(Map.entry("If-None-Match", "\"v1\""), Map.entry("If-Modified-Since", DATE));
        assertThat(transport.calls().get(0).headers())
                .as("robots.txt is asked as always")
                .isEmpty();
    }

    @Test
    void a_changed_page_comes_back_whole_with_its_new_validators() {
        transport.ok(ROBOTS, "text/plain", "User-agent: *\nAllow: /\n");
        transport.on(
                PAGE,
                HttpResult.response(
                        200,
                        Map.of("content-type", "text/plain", "etag", "\"v2\""),
                        "new text".getBytes(java.nio.charset.StandardCharsets.UTF_8)));

        FetchResponse response = fetcher().fetch(PAGE, stored("\"v1\"", null)).join();

        assertThat(response.notModified()).isFalse();
        assertThat(response.bytes()).isEqualTo(8);
        assertThat(response.caching().etag()).isEqualTo("\"v2\"");
    }

    @Test
    void without_a_stored_copy_the_request_is_plain_and_a_304_is_an_error() {
        transport.ok(ROBOTS, "text/plain", "User-agent: *\nAllow: /\n");
        transport.on(PAGE, HttpResult.response(304, Map.of(), new byte[0]));

        FetchResponse response = fetcher().fetch(PAGE, null).join();

        assertThat(transport.calls().get(1).headers()).isEmpty();
        assertThat(response.notModified()).isFalse();
        assertThat(response.outcome()).isEqualTo(FetchOutcome.HTTP_ERROR);
    }

    @ParameterizedTest(name = "ETag {0}, Last-Modified {1}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            "v1"                 | -                              | If-None-Match="v1"
            W/"weak"             | -                              | If-None-Match=W/"weak"
            unquoted             | -                              | -
            "with space"         | -                              | -
            -                    | Wed, 06 May 2026 10:00:00 GMT  | If-Modified-Since=Wed, 06 May 2026 10:00:00 GMT
            -                    | yesterday                      | -
            -                    | -                              | -
            """)
    void only_well_formed_validators_are_sent_back(String etag, String lastModified, String expected) {
        Map<String, String> headers = ConditionalRequest.headers(stored(etag, lastModified));

        if (expected == null) assertThat(headers).isEmpty();
        else {
            String[] kv = expected.split("=", 2);
            assertThat(headers).containsExactly(Map.entry(kv[0], kv[1]));
        }
    }
}
