package dev.caravan.extract;

import java.io.IOException;
import java.util.Optional;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.text.PDFTextStripper;

/**
 * Extracts the text of a PDF with Apache PDFBox, reading at most a configured number of pages so a huge document
 * cannot take the fetch stage hostage. Each page is headed {@code ## Page N} so citations can point at pages.
 * Thread-safe (a new stripper per call).
 */
public class PdfText {

    /** The text and title of a PDF. */
    public record Result(String markdown, String title, int pages, int pagesRead) {}

    private final int maxPages;

    public PdfText(int maxPages) {
        if (maxPages < 1) throw new IllegalArgumentException("research.fetch.pdf-max-pages must be at least 1");
        this.maxPages = maxPages;
    }

    /** The text of {@code pdf}, or empty when it is not a readable PDF (damaged, encrypted). */
    public Optional<Result> extract(byte[] pdf) {
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            if (doc.isEncrypted()) return Optional.empty();
            int pages = doc.getNumberOfPages();
            int read = Math.min(pages, maxPages);
            StringBuilder md = new StringBuilder();
            PDFTextStripper stripper = new PDFTextStripper();
            for (int page = 1; page <= read; page++) {
                stripper.setStartPage(page);
                stripper.setEndPage(page);
                String text = stripper.getText(doc).strip();
                if (text.isEmpty()) continue;
                md.append("## Page ")
                        .append(page)
                        .append("\n\n")
                        .append(paragraphs(text))
                        .append("\n\n");
            }
            if (read < pages) {
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
