package dev.caravan.answer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.ModelClients;
import dev.caravan.testing.OpenAiStub;
import dev.caravan.testing.OpenAiStub.Reply;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The answer model's client speaks the OpenAI-compatible chat API and turns every failure into a value. */
class ChatClientTest {

    private static final List<Map<String, String>> MESSAGES =
            List.of(Map.of("role", "system", "content", "be brief"), Map.of("role", "user", "content", "hello"));

    private final OpenAiStub stub = new OpenAiStub();

    ChatClientTest() throws Exception {}

    @AfterEach
    void stop() {
        stub.close();
    }

    @Test
    void it_asks_at_temperature_zero_for_json_with_a_token_cap_and_reads_the_text_and_usage() {
        stub.then(Reply.content("{\"sentences\": []}"));

        ChatClient.Result result = ModelClients.client(stub).complete(MESSAGES);

        assertThat(result.ok()).isTrue();
        assertThat(result.content()).isEqualTo("{\"sentences\": []}");
        assertThat(result.promptTokens()).isEqualTo(321);
        assertThat(result.completionTokens()).isEqualTo(45);
        OpenAiStub.Call call = stub.calls().get(0);
        assertThat(call.body().path("model").asText()).isEqualTo("stub-model");
        assertThat(call.body().path("temperature").asDouble()).isZero();
        assertThat(call.body().path("max_tokens").asInt()).isEqualTo(256);
        assertThat(call.body().path("stream").asBoolean()).isFalse();
        assertThat(call.body().path("response_format").path("type").asText()).isEqualTo("json_object");
        assertThat(call.body().path("messages").get(1).path("content").asText()).isEqualTo("hello");
        assertThat(call.authorization()).as("no key, no header").isNull();
    }

    @Test
    void a_key_goes_in_the_authorization_header_and_never_into_a_message() {
        String key = "sk-test-0123456789abcdef";
        stub.then(Reply.error(401, "Incorrect API key provided: " + key));

        ChatClient.Result result =
                ModelClients.client(stub.baseUrl(), key, 2000, 10).complete(MESSAGES);

        assertThat(stub.calls().get(0).authorization()).isEqualTo("Bearer " + key);
        assertThat(result.ok()).isFalse();
        assertThat(result.failure())
                .startsWith("the model's server refused the key (HTTP 401); set LLM_API_KEY")
                .doesNotContain("0123456789abcdef")
                .contains("[key redacted]");
    }

    @Test
    void a_server_that_refuses_response_format_is_asked_again_without_it_and_never_with_it_again() {
        stub.then(Reply.error(400, "unknown field: response_format"))
                .then(Reply.content("[]"))
                .then(Reply.content("[]"));
        ChatClient client = ModelClients.client(stub);

        ChatClient.Result first = client.complete(MESSAGES);
        client.complete(MESSAGES);

        assertThat(first.ok()).isTrue();
        assertThat(first.calls()).isEqualTo(2);
        assertThat(stub.calls())
                .extracting(c -> c.body().has("response_format"))
                .containsExactly(true, false, false);
    }

    @ParameterizedTest(name = "HTTP {0}")
    @CsvSource(delimiter = '|', textBlock = """
            429 | the model's server is rate-limiting (HTTP 429): slow down
            500 | the model's server failed (HTTP 500): slow down
            503 | the model's server failed (HTTP 503): slow down
            404 | (HTTP 404): slow down
            400 | the model's server refused the request (HTTP 400): slow down
            """)
    void an_http_error_is_a_failure_that_says_why(int status, String why) {
        stub.then(Reply.error(status, "slow down"));

        ChatClient.Result result = ModelClients.client(stub).complete(MESSAGES);

        assertThat(result.ok()).isFalse();
        assertThat(result.failure()).contains(why);
    }

    @Test
    void a_model_that_does_not_answer_in_time_is_a_timeout() {
        stub.then(Reply.stall(1500));

        ChatClient.Result result =
                ModelClients.client(stub.baseUrl(), "", 300, 10).complete(MESSAGES);

        assertThat(result.failure()).isEqualTo("the model did not answer within 300 ms (research.llm.timeout-ms)");
    }

    @Test
    void while_the_server_keeps_failing_the_breaker_opens_and_no_call_is_made() {
        stub.always(call -> Reply.error(500, "down"));
        ChatClient client = ModelClients.client(stub.baseUrl(), "", 2000, 2);

        client.complete(MESSAGES);
        client.complete(MESSAGES);
        ChatClient.Result third = client.complete(MESSAGES);

        assertThat(third.failure()).contains("circuit breaker open");
        assertThat(stub.calls()).hasSize(2);
    }

    @Test
    void a_reply_without_a_message_is_a_failure() {
        stub.then(new Reply(200, "{\"choices\": []}", 0));

        assertThat(ModelClients.client(stub).complete(MESSAGES).failure())
                .isEqualTo("the model's server answered without a message");
    }
}
