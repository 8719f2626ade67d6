package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.ExtractedPage;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Retrieval;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Whatever extraction throws for a page, conversion returns a failed page that says why; it never throws. */
class PageConverterFaultsTest {

    private static final FetchResponse HTML = new FetchResponse(
            new Retrieval("https://example.org/a", "https://example.org/a", 200, Instant.parse("2026-02-03T04:05:06Z")),
            FetchOutcome.OK,
            null,
            "text/html",
            "<p>some text</p>".getBytes(StandardCharsets.UTF_8));

    @ParameterizedTest(name = "an extractor throwing {0} gives a failed page saying \"{1}\"")
    @CsvSource(delimiter = '|', textBlock = """
            StackOverflowError         | StackOverflowError
            IllegalArgumentException   | IllegalArgumentException: Object must not be null
            OutOfMemoryError           | OutOfMemoryError: Requested array size exceeds VM limit
            """)
    void a_page_that_cannot_be_converted_becomes_a_failed_page_with_the_reason(String thrown, String reason) {
        Supplier<Throwable> fault = switch (thrown) {
            case "StackOverflowError" -> StackOverflowError::new;
            case "OutOfMemoryError" -> () -> new OutOfMemoryError("Requested array size exceeds VM limit");
            default -> () -> new IllegalArgumentException("Object must not be null");
        };
        PageConverter converter = new PageConverter(
                new ContentExtractor() {
                    @Override
                    public ExtractedPage extract(String html, String baseUri) {
                        Throwable t = fault.get();
                        if (t instanceof Error e) throw e;
                        throw (RuntimeException) t;
                    }
                },
                new PdfText(5, 10_000));

        FetchedPage page = converter.convert(HTML);

        assertThat(page.outcome()).isEqualTo(FetchOutcome.INTERNAL_ERROR);
        assertThat(page.reason()).isEqualTo("the page could not be converted (" + reason + ")");
        assertThat(page.url()).isEqualTo("https://example.org/a");
    }
}
