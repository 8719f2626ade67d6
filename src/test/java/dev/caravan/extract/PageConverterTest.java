package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Retrieval;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PageConverterTest {

    private static final Instant AT = Instant.parse("2026-02-03T04:05:06Z");
    private static final String URL = "https://example.org/start";
    private static final String FINAL = "https://example.org/article";

    private final PageConverter converter = new PageConverter(new ContentExtractor(), new PdfText(50, 10_000));

    private static FetchResponse ok(String contentType, byte[] body) {
        return new FetchResponse(new Retrieval(URL, FINAL, 200, AT), FetchOutcome.OK, null, contentType, body);
    }

    private static byte[] withUtf8Bom(byte[] text) {
        byte[] body = new byte[text.length + 3];
        body[0] = (byte) 0xEF;
        body[1] = (byte) 0xBB;
        body[2] = (byte) 0xBF;
        System.arraycopy(text, 0, body, 3, text.length);
        return body;
    }

    private static FetchResponse ok(String contentType, String body) {
        return ok(contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    private FetchedPage convert(String contentType, String body) {
        return converter.convert(ok(contentType, body));
    }

    @Test
    void html_goes_through_main_content_extraction_with_the_title_kept_in_metadata() {
        FetchedPage page = convert("text/html; charset=utf-8", """
                <!doctype html><html lang="en"><head><title> Solar Basics </title>
                <link rel="canonical" href="/solar"></head>
                <body><nav><a href="/">Home</a> Menu entries</nav>
                <article><h1>How panels work</h1><p>Panels turn <a href="/light">light</a> into power.</p></article>
                <footer>Copyright footer</footer></body></html>
                """);

        assertThat(page.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(page.title()).isEqualTo("Solar Basics");
        assertThat(page.metadata().canonicalUrl()).isEqualTo("https://example.org/solar");
        assertThat(page.metadata().language()).isEqualTo("en");
        assertThat(page.markdown())
                .contains("Panels turn [light](https://example.org/light) into power.")
                .doesNotContain("Menu entries")
                .doesNotContain("Copyright footer")
                .doesNotContain("Solar Basics");
        assertThat(page.contentType()).isEqualTo("text/html");
        assertThat(page.chars()).isEqualTo(page.markdown().length());
        assertThat(page.excerpt()).isEqualTo("Panels turn light into power.");
        assertThat(page.url()).isEqualTo(URL);
        assertThat(page.finalUrl()).isEqualTo(FINAL);
        assertThat(page.retrieval().fetchedAt()).isEqualTo(AT);
        assertThat(page.retrieval().httpStatus()).isEqualTo(200);
    }

    @ParameterizedTest
    @CsvSource({"text/plain", "text/markdown", "text/x-markdown", "TEXT/PLAIN; charset=UTF-8"})
    void plain_text_and_markdown_are_kept_as_they_are_with_the_first_heading_as_title(String contentType) {
        FetchedPage page = convert(contentType, "\n# Field notes\n\nThe *river* rose two metres overnight.\n\n");

        assertThat(page.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(page.markdown()).isEqualTo("# Field notes\n\nThe *river* rose two metres overnight.");
        assertThat(page.title()).isEqualTo("Field notes");
    }

    @Test
    void plain_text_without_a_heading_has_no_title() {
        assertThat(convert("text/plain", "Just a sentence.").title()).isNull();
    }

    @ParameterizedTest
    @CsvSource({
        "application/json, json",
        "application/ld+json, json",
        "application/xml, xml",
        "text/xml, xml",
        "application/rss+xml, xml"
    })
    void json_and_xml_are_fenced(String contentType, String language) {
        FetchedPage page = convert(contentType, "  <x>{\"a\": 1}</x>  \n");

        assertThat(page.markdown()).isEqualTo("```" + language + "\n<x>{\"a\": 1}</x>\n```");
        assertThat(page.title()).isNull();
    }

    @Test
    void a_body_containing_a_fence_gets_a_tilde_fence() {
        FetchedPage page = convert("application/json", "{\"code\": \"```sh\"}");

        assertThat(page.markdown()).isEqualTo("~~~~json\n{\"code\": \"```sh\"}\n~~~~");
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
            text/html        | <!DOCTYPE html><html><body><p>Sniffed as a web page body.</p></body></html>
            application/json | [1, 2, 3]
            application/xml  | <?xml version="1.0"?><feed>entries</feed>
            text/plain       | A plain sentence with no markup at all.
            """)
    void a_missing_content_type_is_sniffed_from_the_body(String sniffed, String body) {
        FetchedPage page = converter.convert(ok(null, body));

        assertThat(page.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(page.contentType()).isEqualTo(sniffed);
    }

    @Test
    void a_generic_octet_stream_type_is_sniffed_too() {
        FetchedPage page = convert("application/octet-stream", "<html><body><p>Really HTML.</p></body></html>");

        assertThat(page.contentType()).isEqualTo("text/html");
        assertThat(page.markdown()).isEqualTo("Really HTML.");
    }

    @Test
    void random_binary_bytes_labelled_html_are_unsupported() {
        byte[] noise = new byte[2048];
        new Random(42).nextBytes(noise);

        FetchedPage page = converter.convert(ok("text/html", noise));

        assertThat(page.outcome()).isEqualTo(FetchOutcome.UNSUPPORTED_TYPE);
        assertThat(page.reason()).isEqualTo("unsupported content type text/html (the body is binary)");
        assertThat(page.markdown()).isNull();
        assertThat(page.retrieval())
                .as("a page that arrived but cannot be converted keeps where and when it came from")
                .isEqualTo(new Retrieval(URL, FINAL, 200, AT));
    }

    @ParameterizedTest(name = "[{index}] {2}")
    @CsvSource(delimiter = '|', textBlock = """
            application/pdf          | %PDF-1.7 some pdf bytes                | a PDF without extractable text (damaged, encrypted or scanned)
            image/png; charset=x     | not really a png                       | unsupported content type image/png
            ''                       | %PDF-1.4 sniffed                       | a PDF without extractable text (damaged, encrypted or scanned)
            application/octet-stream | '\u0001\u0002\u0003\u0004\u0005\u0006' | unsupported content type application/octet-stream
            """)
    void other_types_are_unsupported(String contentType, String body, String reason) {
        FetchedPage page = convert(contentType, body);

        assertThat(page.outcome()).isEqualTo(FetchOutcome.UNSUPPORTED_TYPE);
        assertThat(page.reason()).isEqualTo(reason);
    }

    @Test
    void the_charset_in_the_header_decodes_the_page() {
        byte[] body = "<html><body><p>Le caf\u00e9 est fort.</p></body></html>".getBytes(StandardCharsets.ISO_8859_1);

        FetchedPage page = converter.convert(ok("text/html; charset=ISO-8859-1", body));

        assertThat(page.markdown()).isEqualTo("Le café est fort.");
    }

    @Test
    void a_meta_charset_decodes_the_page_when_the_header_has_none() {
        byte[] body =
                "<html><head><meta charset=\"iso-8859-1\"></head><body><p>Cr\u00e8me br\u00fbl\u00e9e.</p></body></html>"
                        .getBytes(StandardCharsets.ISO_8859_1);

        FetchedPage page = converter.convert(ok("text/html", body));

        assertThat(page.markdown()).isEqualTo("Crème brûlée.");
    }

    @Test
    void the_header_charset_beats_the_meta_charset() {
        byte[] body = "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\"></head>"
                .concat("<body><p>Caf\u00e9.</p></body></html>")
                .getBytes(StandardCharsets.UTF_8);

        FetchedPage page = converter.convert(ok("text/html; charset=\"utf-8\"", body));

        assertThat(page.markdown()).isEqualTo("Café.");
    }

    @Test
    void a_byte_order_mark_beats_the_header_charset() {
        byte[] text = "<html><body><p>Caf\u00e9 cr\u00e8me.</p></body></html>".getBytes(StandardCharsets.UTF_8);
        byte[] body = withUtf8Bom(text);

        FetchedPage page = converter.convert(ok("text/html; charset=iso-8859-1", body));

        assertThat(page.markdown()).isEqualTo("Café crème.");
    }

    @Test
    void a_meta_charset_inside_a_comment_does_not_count() {
        byte[] body = "<html><head><!-- <meta charset=\"iso-8859-1\"> --></head><body><p>Caf\u00e9.</p></body></html>"
                .getBytes(StandardCharsets.UTF_8);

        FetchedPage page = converter.convert(ok("text/html", body));

        assertThat(page.markdown()).isEqualTo("Café.");
    }

    @Test
    void an_xml_declaration_decodes_the_page_when_nothing_else_says() {
        byte[] body = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><html><body><p>Na\u00efve.</p></body></html>"
                .getBytes(StandardCharsets.ISO_8859_1);

        FetchedPage page = converter.convert(ok("text/html", body));

        assertThat(page.markdown()).isEqualTo("Naïve.");
    }

    @Test
    void an_unknown_meta_charset_falls_back_to_utf8() {
        byte[] body = "<html><head><meta charset=\"no-such-charset\"></head><body><p>Caf\u00e9.</p></body></html>"
                .getBytes(StandardCharsets.UTF_8);

        FetchedPage page = converter.convert(ok("text/html", body));

        assertThat(page.markdown()).isEqualTo("Café.");
    }

    @Test
    void an_unknown_header_charset_falls_back_to_utf8() {
        FetchedPage page = converter.convert(ok("text/plain; charset=no-such-charset", "na\u00efve caf\u00e9"));

        assertThat(page.markdown()).isEqualTo("naïve café");
    }

    @Test
    void a_windows_1252_plain_text_page_is_decoded_by_its_header() {
        byte[] body = "\u201cQuoted\u201d \u20ac5".getBytes(Charset.forName("windows-1252"));

        assertThat(converter
                        .convert(ok("text/plain; charset=windows-1252", body))
                        .markdown())
                .isEqualTo("“Quoted” €5");
    }

    @ParameterizedTest
    @CsvSource({"UTF-16BE, -2, -1", "UTF-16LE, -1, -2"})
    void a_utf16_page_with_a_byte_order_mark_is_decoded_not_rejected_as_binary(String charset, byte bom0, byte bom1) {
        byte[] text = "<html><body><p>Grüße aus Köln.</p></body></html>".getBytes(Charset.forName(charset));
        byte[] body = new byte[text.length + 2];
        body[0] = bom0;
        body[1] = bom1;
        System.arraycopy(text, 0, body, 2, text.length);

        FetchedPage page = converter.convert(ok("text/html", body));

        assertThat(page.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(page.markdown()).isEqualTo("Grüße aus Köln.");
    }

    @Test
    void invalid_utf8_bytes_are_replaced_not_fatal() {
        byte[] body = {'G', 'o', 'o', 'd', ' ', (byte) 0xC3, '(', ' ', 'e', 'n', 'd', '.'};

        FetchedPage page = converter.convert(ok("text/plain; charset=utf-8", body));

        assertThat(page.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(page.markdown()).isEqualTo("Good \uFFFD( end.");
    }

    @Test
    void a_utf8_byte_order_mark_is_dropped() {
        byte[] text = "# Title\n\nBody.".getBytes(StandardCharsets.UTF_8);
        byte[] body = withUtf8Bom(text);

        FetchedPage page = converter.convert(ok("text/markdown", body));

        assertThat(page.markdown()).isEqualTo("# Title\n\nBody.");
        assertThat(page.title()).isEqualTo("Title");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            text/html  | <html><body><nav>Only navigation</nav><script>var x = 1;</script></body></html>
            text/plain | '   '
            text/plain | ''
            ''         | ''
            """)
    void a_page_without_readable_text_is_empty_content(String contentType, String body) {
        FetchedPage page = convert(contentType, body);

        assertThat(page.outcome()).isEqualTo(FetchOutcome.EMPTY_CONTENT);
        assertThat(page.reason()).isEqualTo("no readable text found on the page");
    }

    @Test
    void a_failed_fetch_passes_through_unchanged() {
        FetchResponse failed = FetchResponse.failed(URL, FINAL, FetchOutcome.HTTP_ERROR, "HTTP 404 Not Found", 404);

        FetchedPage page = converter.convert(failed);

        assertThat(page.outcome()).isEqualTo(FetchOutcome.HTTP_ERROR);
        assertThat(page.reason()).isEqualTo("HTTP 404 Not Found");
        assertThat(page.retrieval().httpStatus()).isEqualTo(404);
        assertThat(page.finalUrl()).isEqualTo(FINAL);
        assertThat(page.fetched()).isFalse();
    }

    @Test
    void the_excerpt_is_plain_text_cut_at_a_word() {
        String words = "Word ".repeat(100).strip() + ".";

        FetchedPage page = convert("text/plain", words);

        assertThat(page.excerpt())
                .hasSizeLessThanOrEqualTo(300)
                .endsWith("Word…")
                .doesNotContain("  ");
    }

    @Test
    void html_served_as_plain_text_is_recognised_and_extracted() {
        FetchedPage page = convert(
                "text/plain",
                "<!DOCTYPE html><html><head><title>Mislabelled</title></head>"
                        + "<body><p>The server called this plain text, but it is a web page.</p></body></html>");

        assertThat(page.outcome()).isEqualTo(FetchOutcome.OK);
        assertThat(page.contentType()).isEqualTo("text/html");
        assertThat(page.title()).isEqualTo("Mislabelled");
        assertThat(page.markdown()).doesNotContain("<p>").contains("The server called this plain text");
    }
}
