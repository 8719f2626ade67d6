package dev.caravan.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.model.CacheHeaders;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.Retrieval;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.zip.DeflaterOutputStream;
import org.junit.jupiter.api.Test;

class FetchMessagesTest {

    static final byte[] HTML =
            "<html><body><p>Text with \"quotes\",\n\ttabs and é</p></body></html>".getBytes(StandardCharsets.UTF_8);

    static final FetchResponse RESPONSE = new FetchResponse(
            new Retrieval("http://a.example/x", "http://a.example/y", 200, Instant.parse("2026-01-02T03:04:05Z")),
            FetchOutcome.OK,
            null,
            "text/html; charset=utf-8",
            HTML,
            new CacheHeaders("\"v1\"", "Fri, 01 Jan 2026 00:00:00 GMT", "max-age=60", null, "Fri, 02 Jan 2026", "3"));

    @Test
    void a_task_comes_back_as_it_was_sent_with_the_owners_validators() {
        FetchMessages.Task task = new FetchMessages.Task(
                "id-1",
                "alpha",
                "http://a.example/x?q=1",
                "a.example",
                123L,
                "job/0/1",
                new CacheHeaders("\"v1\"", "Fri, 01 Jan 2026 00:00:00 GMT", null, null, null, null));
        assertThat(FetchMessages.readTask(FetchMessages.taskText(task))).isEqualTo(task);
    }

    @Test
    void a_task_carries_only_the_validators_of_the_owners_copy() {
        FetchMessages.Task task =
                new FetchMessages.Task("id", "alpha", "http://a.example/", "a.example", 1, "l", RESPONSE.caching());
        assertThat(task.validators())
                .isEqualTo(new CacheHeaders("\"v1\"", "Fri, 01 Jan 2026 00:00:00 GMT", null, null, null, null));
        FetchMessages.Task none = new FetchMessages.Task("id", "alpha", "http://a.example/", "a.example", 1, "l", null);
        assertThat(FetchMessages.readTask(FetchMessages.taskText(none)).validators())
                .isEqualTo(CacheHeaders.NONE);
    }

    @Test
    void a_result_carries_the_response_back_as_it_came() {
        FetchMessages.Result back = roundTrip(new FetchMessages.Result("id-1", "beta", RESPONSE, 40));
        assertThat(back.id()).isEqualTo("id-1");
        assertThat(back.fetchedBy()).isEqualTo("beta");
        assertThat(back.took()).isEqualTo(40);
        FetchResponse r = back.response();
        assertThat(r.body()).isEqualTo(HTML);
        assertThat(r.retrieval()).isEqualTo(RESPONSE.retrieval());
        assertThat(r.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(r.contentType()).isEqualTo(RESPONSE.contentType());
        assertThat(r.caching()).isEqualTo(RESPONSE.caching());
    }

    @Test
    void a_failed_response_with_no_time_or_status_comes_back_too() {
        FetchResponse failed = FetchResponse.failed(
                "http://a.example/x", "http://a.example/x", FetchOutcome.ROBOTS_DENIED, "robots.txt says no", null);
        FetchResponse r =
                roundTrip(new FetchMessages.Result("id-2", "beta", failed, 1)).response();
        assertThat(r.outcome()).isEqualTo(FetchOutcome.ROBOTS_DENIED);
        assertThat(r.reason()).isEqualTo("robots.txt says no");
        assertThat(r.retrieval()).isEqualTo(failed.retrieval());
        assertThat(r.body()).isEmpty();
        assertThat(r.caching()).isEqualTo(CacheHeaders.NONE);
    }

    @Test
    void a_not_modified_answer_to_a_conditional_request_comes_back_as_one() {
        FetchResponse notModified = new FetchResponse(
                new Retrieval("http://a.example/x", "http://a.example/x", 304, Instant.parse("2026-01-02T03:04:05Z")),
                FetchOutcome.OK,
                null,
                null,
                new byte[0],
                new CacheHeaders("\"v2\"", null, "max-age=120", null, null, null));
        FetchResponse r = roundTrip(new FetchMessages.Result("id-3", "beta", notModified, 1))
                .response();
        assertThat(r.notModified()).isTrue();
        assertThat(r.caching().etag()).isEqualTo("\"v2\"");
    }

    @Test
    void a_result_over_its_limit_is_refused_before_it_is_read() {
        byte[] body = FetchMessages.resultBytes(new FetchMessages.Result("id", "b", RESPONSE, 0));
        assertThatThrownBy(() -> FetchMessages.resultBody(body, body.length - 1))
                .hasMessageContaining("research.fetch.shared.max-result-bytes");
    }

    @Test
    void a_result_that_claims_a_huge_body_or_header_is_refused_before_it_is_held() throws Exception {
        byte[] header = header(Long.MAX_VALUE);
        assertThatThrownBy(() -> FetchMessages.readResult(deflated(header.length, header)))
                .hasMessageContaining("body is not 0 to");
        assertThatThrownBy(() -> FetchMessages.readResult(deflated(Integer.MAX_VALUE, header)))
                .hasMessageContaining("header is not 1 to");
    }

    @Test
    void a_result_cut_short_is_refused() throws Exception {
        byte[] header = header(100);
        assertThatThrownBy(() -> FetchMessages.readResult(deflated(header.length, header)))
                .hasMessageContaining("cut short");
    }

    @Test
    void what_is_no_task_or_result_is_refused_with_the_reason() {
        assertThatThrownBy(() -> FetchMessages.readTask(42)).hasMessageContaining("must be a text message");
        assertThatThrownBy(() -> FetchMessages.readTask("{\"id\": \"x\"}")).hasMessageContaining("owner");
        assertThatThrownBy(() -> FetchMessages.readTask("not json")).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> FetchMessages.readTask("x".repeat(70_000))).hasMessageContaining("at most");
        assertThatThrownBy(() -> FetchMessages.resultBody("text", 100)).hasMessageContaining("must be a bytes message");
        assertThatThrownBy(() -> FetchMessages.readResult(new byte[] {1, 2, 3}))
                .hasMessageContaining("not a deflated fetch result");
    }

    private static FetchMessages.Result roundTrip(FetchMessages.Result result) {
        byte[] body = FetchMessages.resultBytes(result);
        return FetchMessages.readResult(FetchMessages.resultBody(body, body.length));
    }

    /** A result's JSON header that says its body has {@code bodyBytes} bytes. */
    private static byte[] header(long bodyBytes) throws Exception {
        return new ObjectMapper()
                .writeValueAsBytes(Map.of(
                        "id",
                        "x",
                        "fetched_by",
                        "b",
                        "url",
                        "u",
                        "final_url",
                        "u",
                        "outcome",
                        "OK",
                        "body_bytes",
                        bodyBytes));
    }

    private static byte[] deflated(int headerLength, byte[] header) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DataOutputStream d = new DataOutputStream(new DeflaterOutputStream(out))) {
            d.writeInt(headerLength);
            d.write(header);
        }
        return out.toByteArray();
    }
}
