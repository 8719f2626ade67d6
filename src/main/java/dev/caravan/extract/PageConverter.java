package dev.caravan.extract;

import dev.caravan.extract.parse.Decoding;
import dev.caravan.extract.parse.MediaType;
import dev.caravan.model.ExtractedPage;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.PageFault;
import dev.caravan.model.PageMetadata;
import dev.caravan.model.TextBlock;
import java.util.ArrayList;
import java.util.List;

/**
 * Converts a fetched body to Markdown by its content type: HTML through main-content extraction, PDF through PDFBox,
 * plain text and Markdown as they are, JSON and XML as fenced text. Other types are recorded as unsupported. The Content-Type header
 * is trusted unless it is missing, generic, or the body is plainly binary. Thread-safe.
 */
public class PageConverter {

    private static final int EXCERPT_CHARS = 300;

    private final ContentExtractor extractor;
    private final PdfText pdf;

    public PageConverter(ContentExtractor extractor, PdfText pdf) {
        this.extractor = extractor;
        this.pdf = pdf;
    }

    /**
     * Never throws for anything a page can cause: a page that cannot be converted becomes a failed page that says why.
     */
    public FetchedPage convert(FetchResponse response) {
        try {
            return convertOrThrow(response);
        } catch (Throwable t) {
            if (!PageFault.recoverable(t)) throw t;
            return failed(
                    response,
                    FetchOutcome.INTERNAL_ERROR,
                    "the page could not be converted (" + PageFault.describe(t) + ")");
        }
    }

    private FetchedPage convertOrThrow(FetchResponse response) {
        if (!response.ok()) {
            return FetchedPage.failed(response.retrieval(), response.outcome(), response.reason());
        }
        byte[] body = response.body();
        MediaType type = MediaType.parse(response.contentType());
        String sniffed = Decoding.sniff(body);
        if (type.type().isEmpty()
                || type.type().equals("application/octet-stream")
                || (type.isPlainText() && sniffed.equals("text/html"))) {
            type = new MediaType(sniffed, type.charset());
        }
        if (type.type().equals("application/pdf") || sniffed.equals("application/pdf")) {
            return convertPdf(response, body);
        }
        boolean textual = type.isHtml() || type.isPlainText() || type.isJson() || type.isXml();
        if (!textual) return unsupported(response, type.type());
        if (Decoding.looksBinary(body)) return unsupported(response, type.type() + " (the body is binary)");
        ExtractedPage page = extract(body, type, response.finalUrl());
        if (page.markdown().isBlank()) {
            return failed(response, FetchOutcome.EMPTY_CONTENT, "no readable text found on the page");
        }
        return new FetchedPage(
                response.retrieval(),
                FetchOutcome.OK,
                null,
                type.type(),
                page.metadata(),
                page.markdown(),
                null,
                page.markdown().length(),
                excerpt(page.blocks()),
                page.blocks());
    }

    private FetchedPage convertPdf(FetchResponse response, byte[] body) {
        return pdf.extract(body)
                .filter(r -> !r.markdown().isBlank())
                .map(r -> pdfPage(response, r))
                .orElseGet(() -> failed(
                        response,
                        FetchOutcome.UNSUPPORTED_TYPE,
                        "a PDF without extractable text (damaged, encrypted or scanned)"));
    }

    private static FetchedPage pdfPage(FetchResponse response, PdfText.Result pdf) {
        List<TextBlock> blocks = new ArrayList<>();
        for (TextBlock b : TextBlock.paragraphs(pdf.markdown())) {
            boolean pageHeading = b.text().startsWith("## Page ") || b.text().startsWith("_Only the first ");
            blocks.add(pageHeading ? new TextBlock(TextBlock.Kind.HEADING, b.text()) : b);
        }
        return new FetchedPage(
                response.retrieval(),
                FetchOutcome.OK,
                null,
                "application/pdf",
                PageMetadata.titled(pdf.title()),
                pdf.markdown(),
                null,
                pdf.markdown().length(),
                excerpt(blocks),
                blocks);
    }

    private ExtractedPage extract(byte[] body, MediaType type, String url) {
        String text = Decoding.decode(body, type, type.isHtml());
        if (type.isHtml()) return extractor.extract(text, url);
        if (type.isJson())
            return new ExtractedPage(fenced("json", text), PageMetadata.titled(null), TextBlock.code(text));
        if (type.isXml())
            return new ExtractedPage(fenced("xml", text), PageMetadata.titled(null), TextBlock.code(text));
        return new ExtractedPage(text.strip(), PageMetadata.titled(firstHeading(text)), TextBlock.paragraphs(text));
    }

    /** The page's opening text, for sources no query text ranks: the first prose blocks, cut at a word. */
    static String excerpt(List<TextBlock> blocks) {
        StringBuilder text = new StringBuilder();
        for (TextBlock b : blocks) {
            if (b.kind() == TextBlock.Kind.HEADING || b.kind() == TextBlock.Kind.CODE) continue;
            if (!text.isEmpty()) text.append(' ');
            text.append(b.text());
            if (text.length() > EXCERPT_CHARS) break;
        }
        if (text.length() <= EXCERPT_CHARS) return text.toString();
        int cut = text.lastIndexOf(" ", EXCERPT_CHARS - 1);
        return text.substring(0, cut > EXCERPT_CHARS / 2 ? cut : EXCERPT_CHARS - 1) + "…";
    }

    private static String fenced(String language, String text) {
        String fence = text.contains("```") ? "~~~~" : "```";
        return text.isBlank() ? "" : fence + language + "\n" + text.strip() + "\n" + fence;
    }

    private static String firstHeading(String text) {
        for (String line : text.split("\n", 20)) {
            if (line.startsWith("# ")) return line.substring(2).strip();
        }
        return null;
    }

    private static FetchedPage unsupported(FetchResponse response, String type) {
        return failed(
                response,
                FetchOutcome.UNSUPPORTED_TYPE,
                "unsupported content type " + (type.isEmpty() ? "(none)" : type));
    }

    private static FetchedPage failed(FetchResponse response, FetchOutcome outcome, String reason) {
        return FetchedPage.failed(response.retrieval(), outcome, reason);
    }
}
