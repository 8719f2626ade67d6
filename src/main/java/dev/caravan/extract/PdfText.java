package dev.caravan.extract;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * Extracts the text of a PDF with Apache PDFBox, reading at most a configured number of pages and for at most a
 * configured time, so a huge or hostile document cannot take the fetch stage hostage: the time is checked at every
 * content-stream operator, and a page still being read when it runs out is dropped. Each page is headed
 * {@code ## Page N} so citations can point at pages. Thread-safe (a new stripper per call).
 */
public class PdfText {

    /** The text and title of a PDF. */
    public record Result(String markdown, String title, int pages, int pagesRead) {}

    private final int maxPages;
    private final long maxNanos;
    private final LongSupplier nanoTime;

    /**
     * @param maxPages the most pages read ({@code research.fetch.pdf-max-pages})
     * @param maxMs the longest time spent reading one PDF's text ({@code research.fetch.pdf-max-ms})
     */
    public PdfText(int maxPages, long maxMs) {
        this(maxPages, maxMs, System::nanoTime);
    }

    PdfText(int maxPages, long maxMs, LongSupplier nanoTime) {
        if (maxPages < 1) throw new IllegalArgumentException("research.fetch.pdf-max-pages must be at least 1");
        if (maxMs < 1) throw new IllegalArgumentException("research.fetch.pdf-max-ms must be at least 1");
        this.maxPages = maxPages;
        this.maxNanos = TimeUnit.MILLISECONDS.toNanos(maxMs);
        this.nanoTime = nanoTime;
    }

    /** Thrown inside PDFBox's content-stream loop when the time is up. */
    private static final class OutOfTime extends RuntimeException {
        OutOfTime() {
            super("out of time", null, false, false);
        }
    }

    /** A stripper that gives up once the deadline has passed. */
    private static final class DeadlineStripper extends PDFTextStripper {
        private final LongSupplier nanoTime;
        private final long deadline;

        DeadlineStripper(LongSupplier nanoTime, long deadline) {
            this.nanoTime = nanoTime;
            this.deadline = deadline;
        }

        @Override
        protected void processOperator(Operator operator, List<COSBase> operands) throws IOException {
            if (nanoTime.getAsLong() - deadline > 0) throw new OutOfTime();
            super.processOperator(operator, operands);
        }
    }

    /** The text of {@code pdf}, or empty when it is not a readable PDF (damaged, encrypted). */
    public Optional<Result> extract(byte[] pdf) {
        long deadline = nanoTime.getAsLong() + maxNanos;
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            if (doc.isEncrypted()) return Optional.empty();
            int pages = doc.getNumberOfPages();
            int read = Math.min(pages, maxPages);
            StringBuilder md = new StringBuilder();
            PDFTextStripper stripper = new DeadlineStripper(nanoTime, deadline);
            boolean outOfTime = false;
            for (int page = 1; page <= read; page++) {
                stripper.setStartPage(page);
                stripper.setEndPage(page);
                String text;
                try {
                    text = stripper.getText(doc).strip();
                } catch (OutOfTime e) {
                    read = page - 1;
                    outOfTime = true;
                    break;
                }
                if (text.isEmpty()) continue;
                md.append("## Page ")
                        .append(page)
                        .append("\n\n")
                        .append(paragraphs(text))
                        .append("\n\n");
            }
            if (outOfTime) {
                md.append("_Reading stopped after ")
                        .append(TimeUnit.NANOSECONDS.toMillis(maxNanos))
                        .append(" ms (research.fetch.pdf-max-ms): only the first ")
                        .append(read)
                        .append(" of ")
                        .append(pages)
                        .append(" pages were read._\n");
            } else if (read < pages) {
                md.append("_Only the first ")
                        .append(read)
                        .append(" of ")
                        .append(pages)
                        .append(" pages were read._\n");
            }
            PDDocumentInformation info = doc.getDocumentInformation();
            String title =
                    info == null || info.getTitle() == null || info.getTitle().isBlank()
                            ? null
                            : info.getTitle().strip();
            return Optional.of(new Result(md.toString().strip(), title, pages, read));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** PDF lines are layout lines: join them into paragraphs, keeping blank lines as breaks. */
    private static String paragraphs(String text) {
        return text.replace("\r", "")
                .replaceAll("-\\n(?=\\p{Ll})", "")
                .replaceAll("(?<!\\n)\\n(?!\\n)", " ")
                .replaceAll("[ \\t]+", " ");
    }
}
