package dev.caravan.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.Query;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each provider maps the job's options onto its own parameters, and names the ones it cannot honour. */
class ProviderOptionMappingTest {

    private final SerperProvider serper = new SerperProvider(
            new HttpSearchProvider.Endpoint("https://google.serper.dev", "k", 1000), null, java.time.Clock.systemUTC());
    private final BraveProvider brave = new BraveProvider(
            new HttpSearchProvider.Endpoint("https://api.search.brave.com", "k", 1000),
            null,
            new Throttle(0, () -> 0, ms -> {}),
            java.time.Clock.systemUTC());
    private final SearxngProvider searxng = new SearxngProvider(
            new HttpSearchProvider.Endpoint("http://127.0.0.1:8888", "", 1000), null, java.time.Clock.systemUTC());

    private static Query query(
            String topic,
            String timeRange,
            String depth,
            Integer max,
            Boolean answer,
            List<String> include,
            List<String> exclude) {
        return new Query("heat pumps", max, topic, depth, answer, include, exclude, timeRange, null);
    }

    @ParameterizedTest(name = "{0}: topic={1} time_range={2} domains +{3} -{4} max={5}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            serper  | -     | -     | -             | -       | -  | POST https://google.serper.dev/search {"q":"heat pumps"}
            serper  | news  | week  | a.org         | c.org   | 7  | POST https://google.serper.dev/news {"q":"heat pumps site:a.org -site:c.org","num":7,"tbs":"qdr:w"}
            serper  | -     | d     | a.org;b.org   | -       | -  | POST https://google.serper.dev/search {"q":"heat pumps (site:a.org OR site:b.org)","tbs":"qdr:d"}
            brave   | -     | -     | -             | -       | -  | GET https://api.search.brave.com/res/v1/web/search?q=heat pumps
            brave   | news  | month | a.org         | c.org   | 5  | GET https://api.search.brave.com/res/v1/web/search?q=heat pumps site:a.org -site:c.org&count=5&freshness=pm&result_filter=news
            brave   | -     | year  | -             | -       | -  | GET https://api.search.brave.com/res/v1/web/search?q=heat pumps&freshness=py
            searxng | -     | -     | -             | -       | -  | GET http://127.0.0.1:8888/search?q=heat pumps&format=json
            searxng | news  | w     | a.org         | c.org   | 3  | GET http://127.0.0.1:8888/search?q=heat pumps site:a.org -site:c.org&format=json&categories=news&time_range=week
            """)
    void options_map_to_the_providers_own_parameters(
            String provider,
            String topic,
            String timeRange,
            String include,
            String exclude,
            Integer max,
            String expected) {
        Query q = query(
                topic,
                timeRange,
                null,
                max,
                null,
                include == null ? List.of() : List.of(include.split(";")),
                exclude == null ? List.of() : List.of(exclude.split(";")));
        SearchCall call = switch (provider) {
            case "serper" -> serper.request(q);
            case "brave" -> brave.request(q);
            default -> searxng.request(q);
        };

        String sent = call.method() + " " + URLDecoder.decode(call.url(), StandardCharsets.UTF_8)
                + (call.body().isEmpty() ? "" : " " + call.body());
        assertThat(sent).isEqualTo(expected);
        assertThat(call.notHonoured()).isEmpty();
        assertThat(call.cacheKey()).startsWith(provider + " ");
    }

    @ParameterizedTest(name = "{0} with {1}")
    @CsvSource(delimiter = '|', textBlock = """
            serper  | topic finance        | topic finance was not honoured by Serper: it has no finance search; the web was searched
            serper  | search_depth advanced | search_depth advanced was not honoured by Serper: it has one depth only
            brave   | include_answer        | include_answer true was not honoured by Brave Search: it gives no answer
            brave   | max_results 50        | max_results 50 was not honoured by Brave Search: it returns 1 to 20 results; asked for 20
            searxng | topic finance        | topic finance was not honoured by SearXNG: it has no finance category; the web was searched
            searxng | search_depth advanced | search_depth advanced was not honoured by SearXNG: it has one depth only
            """)
    void an_option_a_provider_cannot_honour_is_named_not_dropped(String provider, String option, String note) {
        Query q = switch (option) {
            case "topic finance" -> query("finance", null, null, null, null, null, null);
            case "search_depth advanced" -> query(null, null, "advanced", null, null, null, null);
            case "include_answer" -> query(null, null, null, null, true, null, null);
            default -> query(null, null, null, 50, null, null, null);
        };
        SearchCall call = switch (provider) {
            case "serper" -> serper.request(q);
            case "brave" -> brave.request(q);
            default -> searxng.request(q);
        };

        assertThat(call.notHonoured()).containsExactly(note);
    }

    @Test
    void basic_depth_is_what_every_provider_does_so_it_is_not_a_note() {
        Query q = query(null, null, "basic", null, null, null, null);

        assertThat(serper.request(q).notHonoured()).isEmpty();
        assertThat(brave.request(q).notHonoured()).isEmpty();
        assertThat(searxng.request(q).notHonoured()).isEmpty();
    }

    @ParameterizedTest(name = "{0} HTTP {1}")
    @CsvSource(delimiter = '|', textBlock = """
            serper  | 403 | {"message":"Unauthorized. Sign up for a free account.","statusCode":403} | fallback | Serper rejected the API key (HTTP 403): SERPER_API_KEY is missing or invalid
            serper  | 400 | {"message":"Bad Request","statusCode":400}                              | terminal | Serper refused the request (HTTP 400): Bad Request
            serper  | 429 | {"message":"Too many requests","statusCode":429}                        | retry    | Serper rate limit hit or credits used up (HTTP 429): Too many requests
            serper  | 502 | {}                                                                      | retry    | Serper server error (HTTP 502)
            brave   | 422 | {"type":"ErrorResponse","error":{"status":422,"code":"SUBSCRIPTION_TOKEN_INVALID","detail":"bad"}} | fallback | Brave Search rejected the API key (HTTP 422): BRAVE_API_KEY is missing or invalid
            brave   | 422 | {"type":"ErrorResponse","error":{"status":422,"code":"VALIDATION","detail":"Unable to validate"}} | terminal | Brave Search refused the request (HTTP 422): Unable to validate
            brave   | 429 | {"type":"ErrorResponse","error":{"status":429,"code":"RATE_LIMITED","detail":"slow"}} | retry | Brave Search rate limit hit (HTTP 429): slow
            searxng | 403 | <html>Forbidden</html>                                                 | fallback | SearXNG refused the JSON format (HTTP 403): enable it in the instance's settings.yml (search: formats: [html, json])
            searxng | 500 | <html>oops</html>                                                      | retry    | SearXNG server error (HTTP 500)
            """)
    void error_statuses_say_what_to_do_and_whether_a_retry_or_a_fallback_may_help(
            String provider, int status, String body, String kind, String message) {
        Throwable error;
        try {
            SearchReply reply = switch (provider) {
                case "serper" -> Replies.of(serper, status, null, body);
                case "brave" -> Replies.of(brave, status, null, body);
                default -> Replies.of(searxng, Replies.atMost(20), status, null, body);
            };
            error = reply.failure();
        } catch (RetryableSearchException e) {
            error = e;
        }

        assertThat(error).hasMessageStartingWith(message);
        String actual = error instanceof RetryableSearchException
                ? "retry"
                : error instanceof ProviderUnavailableException ? "fallback" : "terminal";
        assertThat(actual).isEqualTo(kind);
    }

    @Test
    void answers_and_hits_are_read_from_each_providers_own_fields() {
        var s = Replies.of(serper, 200, null, """
                {"organic":[{"title":"T","link":"https://a.org/1","snippet":"S","position":1}],
                 "answerBox":{"snippet":"Box answer"},"credits":1}""").unwrap();
        var b = Replies.of(brave, 200, null, """
                {"type":"search","web":{"results":[{"title":"T","url":"https://b.org/1","description":"D",
                 "extra_snippets":["E"],"page_age":"2025-04-12T14:22:41"}]}}""").unwrap();
        var x = Replies.of(searxng, Replies.atMost(1), 200, null, """
                {"query":"q","results":[{"url":"https://c.org/1","title":"T","content":"C","engine":"bing","score":2.0},
                 {"url":"https://c.org/2","title":"T2","content":"C2","engine":"bing","score":1.0}],"answers":["Forty-two"]}""").unwrap();

        assertThat(s.answer()).isEqualTo("Box answer");
        assertThat(s.hits().get(0).url()).isEqualTo("https://a.org/1");
        assertThat(b.hits().get(0).snippet()).isEqualTo("D [...] E");
        assertThat(b.hits().get(0).publishedDate()).isEqualTo("2025-04-12T14:22:41");
        assertThat(x.hits()).hasSize(1);
        assertThat(x.answer()).isEqualTo("Forty-two");
        assertThat(x.hits().get(0).foundBy())
                .extracting(r -> r.provider() + "#" + r.rank())
                .containsExactly("searxng#1");
    }
}
