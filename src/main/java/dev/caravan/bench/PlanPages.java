package dev.caravan.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.caravan.config.PropertyReader;
import dev.caravan.extract.ContentExtractor;
import dev.caravan.extract.PageConverter;
import dev.caravan.extract.PdfText;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Retrieval;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.zip.GZIPInputStream;

/**
 * The pages of a research plan as the pipeline sees them once fetched: each result's local HTML file converted by the
 * pipeline's own converter, as if its URL had answered 200. Shared by the research benchmark commands.
 */
final class PlanPages {

    private final Path dataset;
    private final Clock clock;
    private final PageConverter converter = new PageConverter(new ContentExtractor(), new PdfText(50, 10_000));

    PlanPages(Path dataset, Clock clock) {
        this.dataset = dataset;
        this.clock = clock;
    }

    /** The plan result {@code result} ({@code url}, {@code file} relative to the dataset) converted. */
    FetchedPage convert(JsonNode result) throws IOException {
        String url = result.path("url").asText();
        return converter.convert(new FetchResponse(
                new Retrieval(url, url, 200, clock.instant()),
                FetchOutcome.OK,
                null,
                "text/html",
                read(dataset.resolve(result.path("file").asText()))));
    }

    /** Settings from {@code file}, each overridden by a {@code -Dkey=value} of the same name. */
    static PropertyReader settings(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        return new PropertyReader(key -> Optional.ofNullable(System.getProperty(key, p.getProperty(key))));
    }

    /** Text as the research kit's scorer compares it: lower case, white space (non-breaking too) collapsed. */
    static String normalised(String text) {
        return text.replace('\u00a0', ' ').replaceAll("\\s+", " ").strip().toLowerCase(Locale.ROOT);
    }

    private static byte[] read(Path file) throws IOException {
        try (InputStream in = file.toString().endsWith(".gz")
                ? new GZIPInputStream(Files.newInputStream(file))
                : Files.newInputStream(file)) {
            return in.readAllBytes();
        }
    }
}
