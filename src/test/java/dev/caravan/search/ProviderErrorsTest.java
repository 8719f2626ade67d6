package dev.caravan.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Clock;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A provider's error text reaches messages, logs and .error.txt files without any part of the API key. */
class ProviderErrorsTest {

    /** 41 characters, as long as a real Tavily key. */
    private static final String KEY = "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";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** How a provider might echo the key back in its error text. */
    static Stream<Arguments> echoes() {
        String filler = "x".repeat(180);
        return Stream.of(
                Arguments.of("as sent", "invalid key " + KEY + " for this plan"),
                Arguments.of("upper case", "INVALID KEY " + KEY.toUpperCase(Locale.ROOT)),
                Arguments.of("lower case", "invalid key " + KEY.toLowerCase(Locale.ROOT)),
                Arguments.of("URL-encoded, every character", "GET /search?api_key=" + percentEncoded(KEY, true)),
                Arguments.of(
                        "URL-encoded, some characters",
                        "api_key=" + percentEncoded(KEY.substring(0, 20), false) + KEY.substring(20)),
                Arguments.of("twice", KEY + " and again " + KEY),
                Arguments.of("across the 200-character cut", filler + " key " + KEY + " " + filler),
                Arguments.of("cut short at the end of the text", "invalid key " + KEY.substring(0, 30)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("echoes")
    void the_detail_of_an_error_holds_no_part_of_the_key(String how, String text) {
        String detail = ProviderErrors.detail(text, KEY);

        assertThat(detail).startsWith(": ");
        assertNoPartOfKey(detail);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("echoes")
    void redacting_leaves_a_visible_mark_where_the_key_was(String how, String text) {
        assertThat(ProviderErrors.redact(text, KEY)).contains("[key redacted]");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"tavily", "serper", "brave"})
    void a_provider_message_with_line_breaks_and_escape_codes_stays_on_one_visible_line(String provider) {
        String message = failure(provider, "bad query\n12:00:00.000 INFO caravan - forged\u001b[2J")
                .getMessage();

        assertThat(message)
                .endsWith(": bad query\\n12:00:00.000 INFO caravan - forged\\u001b[2J")
                .doesNotContain("\n", "\u001b");
    }

    /** Each provider's own error body, echoing {@code text}, and how it answers it. */
    static Stream<Arguments> providersAndEchoes() {
        return echoes().flatMap(echo -> Stream.of("tavily", "serper", "brave")
                .map(provider -> Arguments.of(provider, echo.get()[0], echo.get()[1])));
    }

    @ParameterizedTest(name = "{0}, key {1}")
    @MethodSource("providersAndEchoes")
    void a_provider_error_message_holds_no_part_of_the_key(String provider, String how, String text) {
        String message = failure(provider, text).getMessage();

        assertThat(message).contains("HTTP 400");
        assertNoPartOfKey(message);
    }

    private static RuntimeException failure(String provider, String text) {
        Clock clock = Clock.systemUTC();
        SearchReply reply = switch (provider) {
            case "tavily" ->
                Replies.of(
                        new TavilyProvider("https://api.tavily.com", KEY, clock),
                        400,
                        null,
                        body("detail", "error", text));
            case "serper" ->
                Replies.of(
                        new SerperProvider(
                                new HttpSearchProvider.Endpoint("https://google.serper.dev", KEY, 1000), null, clock),
                        400,
                        null,
                        JSON.createObjectNode().put("message", text).toString());
            case "brave" ->
                Replies.of(
                        new BraveProvider(
                                new HttpSearchProvider.Endpoint("https://api.search.brave.com", KEY, 1000),
                                null,
                                null,
                                clock),
                        400,
                        null,
                        body("error", "detail", text));
            default -> throw new IllegalArgumentException(provider);
        };
        Throwable t = catchThrowable(reply::unwrap);
        assertThat(t).isInstanceOf(SearchException.class);
        return (RuntimeException) t;
    }

    private static String body(String outer, String inner, String text) {
        var root = JSON.createObjectNode();
        root.putObject(outer).put(inner, text);
        return root.toString();
    }

    /** No 6 characters in a row of the key, in any case, also once percent-escapes are decoded. */
    private static void assertNoPartOfKey(String text) {
        String decoded = percentDecoded(text).toLowerCase(Locale.ROOT);
        String key = KEY.toLowerCase(Locale.ROOT);
        for (int i = 0; i + 6 <= key.length(); i++) {
            String part = key.substring(i, i + 6);
            assertThat(decoded)
                    .as("key characters %d to %d in %s", i, i + 6, text)
                    .doesNotContain(part);
        }
    }

    private static String percentEncoded(String s, boolean all) {
        StringBuilder b = new StringBuilder();
        for (char c : s.toCharArray()) {
            if (all || c % 2 == 0) b.append(String.format(Locale.ROOT, "%%%02X", (int) c));
            else b.append(c);
        }
        return b.toString();
    }

    private static String percentDecoded(String s) {
        Matcher m = Pattern.compile("%([0-9A-Fa-f]{2})").matcher(s);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(b, Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(m.group(1), 16))));
        }
        return m.appendTail(b).toString();
    }
}
