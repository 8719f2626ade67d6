package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PdfTextTest {

    /** A PDF of {@code pages} pages, each with ten lines of text (a few dozen content-stream operators a page). */
    private static byte[] pdf(int pages) throws IOException {
        try (PDDocument doc = new PDDocument()) {
            for (int p = 1; p <= pages; p++) {
                PDPage page = new PDPage();
                doc.addPage(page);
                try (PDPageContentStream text = new PDPageContentStream(doc, page)) {
                    text.beginText();
                    text.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 12);
                    text.newLineAtOffset(50, 700);
                    for (int line = 1; line <= 10; line++) {
                        text.showText("Page " + p + " line " + line + " of the report.");
                        text.newLineAtOffset(0, -14);
                    }
                    text.endText();
                }
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        }
    }

    @ParameterizedTest(name = "{0} ms of a 1 ms tick per operator: {1} of 6 pages read, stopped: {2}")
    @CsvSource({
        // max ms, pages read, note that reading stopped
        "100000, 6, false",
        "60,     2, true",
        "1,      0, true",
    })
    void a_pdf_whose_reading_runs_out_of_time_keeps_the_pages_read_so_far_and_says_so(
            long maxMs, int pagesRead, boolean stopped) throws IOException {
        AtomicLong now = new AtomicLong();
        // every look at the clock is one millisecond later: time passes with each content-stream operator
        PdfText pdfText = new PdfText(50, maxMs, () -> now.addAndGet(TimeUnit.MILLISECONDS.toNanos(1)));

        PdfText.Result result = pdfText.extract(pdf(6)).orElseThrow();

        assertThat(result.pages()).isEqualTo(6);
        assertThat(result.pagesRead()).isEqualTo(pagesRead);
        for (int p = 1; p <= 6; p++) {
            assertThat(result.markdown().contains("## Page " + p + "\n"))
                    .as("page %d in %s", p, result.markdown())
                    .isEqualTo(p <= pagesRead);
        }
        assertThat(result.markdown().contains("_Reading stopped after " + maxMs + " ms (research.fetch.pdf-max-ms)"))
                .as(result.markdown())
                .isEqualTo(stopped);
    }
}
