package dev.caravan.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caravan.model.Delivery;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.PageMetadata;
import dev.caravan.model.PageType;
import dev.caravan.model.Retrieval;
import dev.caravan.model.TextBlock;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class FetchMessagesTest {

    static final FetchedPage PAGE = new FetchedPage(
            new Retrieval("http://a.example/x", "http://a.example/y", 200, Instant.parse("2026-01-02T03:04:05Z")),
            FetchOutcome.OK,
            null,
            "text/html",
            new PageMetadata("Title", "http://a.example/c", "Site", "Ada", "2026-01-01", "en", "About", PageType.FORUM),
            "# Title\n\nText with `code` and \"quotes\".",
            null,
            40,
            "Text with code",
            List.of(new TextBlock(TextBlock.Kind.HEADING, "Title"), new TextBlock(TextBlock.Kind.CODE, "a\n\tb")));

    @Test
    void a_task_comes_back_as_it_was_sent() {
        FetchMessages.Task task = new FetchMessages.Task(
                "id-1", "alpha", "http://a.example/x?q=1", "http://a.example/x", "a.example", 123L, "job/0/1");
        assertThat(FetchMessages.readTask(FetchMessages.taskText(task))).isEqualTo(task);
    }

    @Test
    void a_result_carries_the_whole_page_back() {
        FetchMessages.Result result = new FetchMessages.Result("id-1", "beta", PAGE, Delivery.REVALIDATED, 512, 40);
        byte[] body = FetchMessages.resultBytes(result);
        assertThat(FetchMessages.readResult(FetchMessages.resultBody(body, body.length)))
                .isEqualTo(result);
    }

    @Test
    void a_failed_page_with_no_time_or_status_comes_back_too() {
        FetchedPage failed = FetchedPage.failed(
                Retrieval.failed("http://a.example/x", "http://a.example/x", null),
                FetchOutcome.TIMEOUT,
                "took too long");
        FetchMessages.Result result = new FetchMessages.Result("id-2", "beta", failed, Delivery.FETCHED, 0, 1);
        assertThat(FetchMessages.readResult(FetchMessages.resultBytes(result))).isEqualTo(result);
    }

    @Test
    void a_page_never_travels_as_a_file_reference() {
        FetchMessages.Result result =
                new FetchMessages.Result("id", "beta", PAGE.evicted(Path.of("/etc/passwd")), Delivery.FETCHED, 0, 0);
        assertThatThrownBy(() -> FetchMessages.resultBytes(result)).hasMessageContaining("never as a file reference");
    }

    @Test
    void a_result_over_its_limit_is_refused_before_it_is_read() {
        byte[] body = FetchMessages.resultBytes(new FetchMessages.Result("id", "b", PAGE, Delivery.FETCHED, 0, 0));
        assertThatThrownBy(() -> FetchMessages.resultBody(body, body.length - 1))
                .hasMessageContaining("research.fetch.shared.max-result-bytes");
    }

    @Test
    void what_is_no_task_or_result_is_refused_with_the_reason() {
        assertThatThrownBy(() -> FetchMessages.readTask(42)).hasMessageContaining("must be a text message");
        assertThatThrownBy(() -> FetchMessages.readTask("{\"id\": \"x\"}")).hasMessageContaining("owner");
        assertThatThrownBy(() -> FetchMessages.readTask("not json")).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> FetchMessages.readTask("x".repeat(70_000))).hasMessageContaining("at most");
        assertThatThrownBy(() -> FetchMessages.resultBody("text", 100)).hasMessageContaining("must be a bytes message");
        assertThatThrownBy(() -> FetchMessages.readResult(new byte[] {1, 2, 3}))
                .hasMessageContaining("not deflated JSON");
    }
}
