package dev.caravan.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.model.Query;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class TavilyProviderTest {

    private static final String KEY = "tvly-dev-S3CRETkey0123456789";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final TavilyProvider client =
            new TavilyProvider("https://api.tavily.com/search", KEY, java.time.Clock.systemUTC());

    private static final Query FULL = new Query(
            "heat pumps",
            5,
            "news",
            "advanced",
            true,
            List.of("a.org", "b.org"),
            List.of("c.org"),
            "week",
            List.of("https://ignored.example/"));

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void a_query_without_options_sends_only_the_query_text() throws Exception {
        SearchCall request = client.request(Query.of("solar efficiency"));

        assertThat(json(request.json())).isEqualTo(json("{\"query\": \"solar efficiency\"}"));
    }

    @Test
    void every_given_option_is_sent_under_its_tavily_name() throws Exception {
        JsonNode body = json(client.request(FULL).json());

        assertThat(body).isEqualTo(json("""
                {"query": "heat pumps", "max_results": 5, "topic": "news", "search_depth": "advanced",
                 "include_answer": true, "include_domains": ["a.org", "b.org"], "exclude_domains": ["c.org"],
                 "time_range": "week"}
                """));
        assertThat(fieldNames(body)).doesNotContain("urls", "api_key");
    }

    @Test
    void include_answer_false_and_max_results_zero_are_sent_because_they_were_given() throws Exception {
        Query q = new Query("q", 0, null, null, false, null, null, null, null);

        assertThat(json(client.request(q).json()))
                .isEqualTo(json("{\"query\":\"q\",\"max_results\":0,\"include_answer\":false}"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "text",
        "max_results",
        "topic",
        "search_depth",
        "include_answer",
        "include_domains",
        "exclude_domains",
        "time_range"
    })
    void the_cache_key_differs_when_any_option_differs(String option) {
        Query q = FULL;
        Query changed = switch (option) {
            case "text" ->
                new Query(
                        "heat pump",
                        q.maxResults(),
                        q.topic(),
                        q.searchDepth(),
                        q.includeAnswer(),
                        q.includeDomains(),
                        q.excludeDomains(),
                        q.timeRange(),
                        q.urls());
            case "max_results" ->
                new Query(
                        q.text(),
                        6,
                        q.topic(),
                        q.searchDepth(),
                        q.includeAnswer(),
                        q.includeDomains(),
                        q.excludeDomains(),
                        q.timeRange(),
                        q.urls());
            case "topic" ->
                new Query(
                        q.text(),
                        q.maxResults(),
                        "finance",
                        q.searchDepth(),
                        q.includeAnswer(),
                        q.includeDomains(),
                        q.excludeDomains(),
                        q.timeRange(),
                        q.urls());
            case "search_depth" ->
                new Query(
                        q.text(),
                        q.maxResults(),
                        q.topic(),
                        "basic",
                        q.includeAnswer(),
                        q.includeDomains(),
                        q.excludeDomains(),
                        q.timeRange(),
                        q.urls());
            case "include_answer" ->
                new Query(
                        q.text(),
                        q.maxResults(),
                        q.topic(),
                        q.searchDepth(),
                        null,
                        q.includeDomains(),
                        q.excludeDomains(),
                        q.timeRange(),
                        q.urls());
            case "include_domains" ->
                new Query(
                        q.text(),
                        q.maxResults(),
                        q.topic(),
                        q.searchDepth(),
                        q.includeAnswer(),
                        List.of("a.org"),
                        q.excludeDomains(),
                        q.timeRange(),
                        q.urls());
            case "exclude_domains" ->
                new Query(
                        q.text(),
                        q.maxResults(),
                        q.topic(),
                        q.searchDepth(),
                        q.includeAnswer(),
                        q.includeDomains(),
                        List.of(),
                        q.timeRange(),
                        q.urls());
            case "time_range" ->
                new Query(
                        q.text(),
                        q.maxResults(),
                        q.topic(),
                        q.searchDepth(),
                        q.includeAnswer(),
                        q.includeDomains(),
                        q.excludeDomains(),
                        "w",
                        q.urls());
            default -> throw new IllegalArgumentException(option);
        };

        assertThat(client.request(changed).cacheKey())
                .isNotEqualTo(client.request(FULL).cacheKey());
    }

    @Test
    void the_same_query_gives_the_same_cache_key_and_the_endpoint_is_part_of_it() {
        TavilyProvider other = new TavilyProvider("https://proxy.example/search", KEY, java.time.Clock.systemUTC());

        assertThat(client.request(FULL).cacheKey())
                .isEqualTo(client.request(FULL).cacheKey());
        assertThat(other.request(FULL).cacheKey())
                .isNotEqualTo(client.request(FULL).cacheKey());
    }

    @Test
    void the_key_is_in_neither_the_request_body_nor_the_cache_key() {
        SearchCall request = client.request(FULL);

        assertThat(request.json()).doesNotContain(KEY);
        assertThat(request.cacheKey()).doesNotContain(KEY);
    }

    @Test
    void the_call_carries_the_stripped_key_in_the_authorization_header_only() throws Exception {
        java.util.Map<String, String> sent = new java.util.HashMap<>();
        String[] sentBody = new String[1];
        TavilyProvider keyed = new TavilyProvider(
                new HttpSearchProvider.Endpoint("https://api.tavily.com", "  " + KEY + "\n", 1000),
                (method, url, headers, body, timeout) -> {
                    sent.putAll(headers);
                    sentBody[0] = method + " " + url + " " + body;
                    return new SearchHttp.Answer(200, null, "{\"results\":[]}");
                },
                java.time.Clock.systemUTC());

        keyed.send(keyed.request(FULL));

        assertThat(sent).containsEntry("Authorization", "Bearer " + KEY);
        assertThat(sentBody[0])
                .startsWith("POST https://api.tavily.com/search {")
                .doesNotContain(KEY);
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(strings = {"", "   "})
    void without_a_key_the_call_fails_without_being_sent_saying_what_to_do(String key) throws Exception {
        TavilyProvider keyless = new TavilyProvider(
                new HttpSearchProvider.Endpoint("https://api.tavily.com", key, 1000),
                (method, url, headers, body, timeout) -> {
                    throw new AssertionError("nothing may be sent without a key");
                },
                java.time.Clock.systemUTC());

        assertThat(keyless.unusableReason()).contains("TAVILY_API_KEY");
        assertThatThrownBy(() -> keyless.send(keyless.request(FULL)).unwrap())
                .isExactlyInstanceOf(ProviderUnavailableException.class)
                .hasMessage("TAVILY_API_KEY is not set: export it in the environment and drop the job again");
    }

    @ParameterizedTest(name = "search_depth {0} costs {1} credit(s)")
    @CsvSource(
            nullValues = "null",
            value = {"null, 1", "basic, 1", "fast, 1", "advanced, 2"})
    void advanced_depth_costs_two_credits(String depth, int credits) {
        Query q = new Query("q", null, null, depth, null, null, null, null, null);

        assertThat(client.request(q).credits()).isEqualTo(credits);
    }

    @Test
    void a_200_answer_maps_hits_in_order_and_the_answer() {
        SearchResults results = results(200, null, """
                {"query": "q", "answer": "Heat pumps work down to -25 C.",
                 "results": [
                   {"url": "https://a.example/1", "title": "One", "content": "first snippet", "score": 0.91,
                    "published_date": "2025-11-02"},
                   {"url": "", "title": "no url, skipped"},
                   {"url": "https://b.example/2", "title": "Two", "content": "second snippet", "score": 0.5}
                 ]}
                """);

        assertThat(results.provider()).isEqualTo("tavily");
        assertThat(results.cached()).isFalse();
        assertThat(results.answer()).isEqualTo("Heat pumps work down to -25 C.");
        assertThat(results.hits())
                .containsExactly(
                        new SearchHit("https://a.example/1", "One", "first snippet", 0.91, "2025-11-02")
                                .rankedBy("tavily", 1),
                        new SearchHit("https://b.example/2", "Two", "second snippet", 0.5, null).rankedBy("tavily", 2));
    }

    @Test
    void a_200_answer_without_results_or_answer_is_empty() {
        SearchResults results = results(200, null, "{\"answer\": null}");

        assertThat(results.hits()).isEmpty();
        assertThat(results.answer()).isNull();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            not json at all | Tavily answered with malformed JSON:
            [1, 2]          | Tavily answered with something that is not JSON
            """)
    void a_200_answer_that_is_not_a_json_object_fails(String body, String message) {
        assertThatThrownBy(() -> results(200, null, body))
                .isExactlyInstanceOf(SearchException.class)
                .hasMessageStartingWith(message);
    }

    @ParameterizedTest(name = "HTTP {0}")
    @CsvSource(delimiter = '|', textBlock = """
            401 | Tavily rejected the API key (HTTP 401): TAVILY_API_KEY is missing or invalid. Fix it and drop the job again.
            432 | Tavily says the plan's usage limit is used up (HTTP 432). Upgrade the plan or wait for the quota to reset, then drop the job again.
            433 | Tavily says the pay-as-you-go limit is used up (HTTP 433). Raise it on the Tavily dashboard, then drop the job again.
            400 | Tavily refused the request (HTTP 400): Invalid topic 'sports'
            403 | Tavily refused access (HTTP 403): Invalid topic 'sports'
            404 | Tavily answered HTTP 404: Invalid topic 'sports'
            """)
    void an_error_status_that_retrying_will_not_fix_says_what_to_do(int status, String message) {
        Throwable error =
                catchThrowable(() -> results(status, "30", "{\"detail\": {\"error\": \"Invalid topic 'sports'\"}}"));

        assertThat(error).isInstanceOf(SearchException.class).hasMessage(message);
        boolean providerUnusable = status == 401 || status == 432 || status == 433;
        assertThat(error instanceof ProviderUnavailableException)
                .as("a fallback may be tried")
                .isEqualTo(providerUnusable);
    }

    @Test
    void a_400_without_a_readable_detail_still_names_the_status() {
        assertThatThrownBy(() -> results(400, null, "<html>bad</html>"))
                .hasMessage("Tavily refused the request (HTTP 400)");
    }

    @Test
    void a_long_detail_is_cut_to_200_characters() {
        String detail = "x".repeat(300);

        assertThatThrownBy(() -> results(400, null, "{\"detail\": {\"error\": \"" + detail + "\"}}"))
                .hasMessage("Tavily refused the request (HTTP 400): " + "x".repeat(200) + "…");
    }

    @ParameterizedTest(name = "HTTP {0}, Retry-After {1}")
    @CsvSource(delimiter = '|', textBlock = """
            429 | 7     | Tavily rate limit hit (HTTP 429): slow down | 7000
            429 |       | Tavily rate limit hit (HTTP 429): slow down | -1
            500 | 0     | Tavily server error (HTTP 500): slow down   | 0
            502 | soon  | Tavily server error (HTTP 502): slow down   | -1
            503 | 9999  | Tavily server error (HTTP 503): slow down   | 120000
            504 | -5    | Tavily server error (HTTP 504): slow down   | 0
            """)
    void rate_limits_and_server_errors_are_retryable_with_the_wait_from_retry_after(
            int status, String retryAfter, String message, long waitMs) {
        Throwable error = catchThrowable(() -> results(status, retryAfter, "{\"detail\":{\"error\":\"slow down\"}}"));

        assertThat(error).isExactlyInstanceOf(RetryableSearchException.class).hasMessage(message);
        assertThat(((RetryableSearchException) error).retryAfterMs()).isEqualTo(waitMs);
    }

    @Test
    void retry_after_as_an_http_date_is_the_time_until_then() {
        String inOneMinute = DateTimeFormatter.RFC_1123_DATE_TIME.format(
                ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(60));

        Throwable error = catchThrowable(() -> results(429, inOneMinute, ""));

        assertThat(((RetryableSearchException) error).retryAfterMs()).isBetween(55_000L, 60_000L);
    }

    @ParameterizedTest
    @CsvSource({"'Wed, 21 Oct 2015 07:28:00 GMT', 0", "'Thu, 31 Dec 2099 23:59:59 GMT', 120000", "'Someday, never', -1"
    })
    void retry_after_dates_in_the_past_mean_now_and_far_future_ones_are_capped(String header, long expected) {
        assertThat(client.retryAfterMs(header)).isEqualTo(expected);
    }

    @Test
    void a_status_of_0_is_reported_as_http_0() {
        assertThatThrownBy(() -> results(0, null, null))
                .isExactlyInstanceOf(SearchException.class)
                .hasMessage("Tavily answered HTTP 0");
    }

    @ParameterizedTest(name = "HTTP {0}")
    @ValueSource(ints = {0, 400, 401, 403, 404, 429, 432, 433, 500, 503})
    void the_key_never_appears_in_an_error_message(int status) {
        String body = "{\"detail\": {\"error\": \"Unauthorized: missing or invalid API key.\"}}";

        Throwable error = catchThrowable(() -> results(status, "1", body));

        assertThat(error).isInstanceOf(SearchException.class);
        assertThat(error.getMessage()).doesNotContain(KEY).doesNotContain("S3CRET");
    }

    @ParameterizedTest(name = "HTTP {0}")
    @ValueSource(ints = {400, 403, 404, 429, 500})
    void a_provider_detail_that_echoes_the_key_is_redacted(int status) {
        String body = "{\"detail\": {\"error\": \"Invalid API key: " + KEY + "\"}}";

        Throwable error = catchThrowable(() -> results(status, null, body));

        assertThat(error.getMessage()).doesNotContain(KEY).endsWith(": Invalid API key: [key redacted]");
    }

    @Test
    void the_missing_key_message_reveals_no_key() {
        TavilyProvider keyless = new TavilyProvider("u", "", java.time.Clock.systemUTC());
        Throwable error =
                catchThrowable(() -> keyless.send(keyless.request(FULL)).unwrap());

        assertThat(error.getMessage()).doesNotContain("Bearer");
    }

    /** The reply's results, throwing its failure the way the route does after the circuit breaker. */
    private SearchResults results(Integer status, String retryAfter, String body) {
        return Replies.of(client, FULL, status, retryAfter, body).unwrap();
    }
}
