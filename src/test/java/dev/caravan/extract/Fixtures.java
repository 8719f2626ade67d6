package dev.caravan.extract;

import dev.caravan.model.ExtractedPage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The hand-written fixture pages under src/test/resources/extract/golden, extracted with one shared extractor. */
final class Fixtures {

    static final Path DIR = Path.of("src/test/resources/extract/golden");
    static final String BASE_URI = "https://example.com/section/page.html";
    private static final ContentExtractor EXTRACTOR = new ContentExtractor();

    private Fixtures() {}

    static String html(String name) {
        return read(DIR.resolve(name + ".html"));
    }

    static String golden(String name) {
        return read(DIR.resolve(name + ".md"));
    }

    static ExtractedPage extract(String name) {
        return EXTRACTOR.extract(html(name), BASE_URI);
    }

    /** Extracts a fixture page as if fetched from {@code url} (the URL is one of the page-type signals). */
    static ExtractedPage extract(String name, String url) {
        return EXTRACTOR.extract(html(name), url);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
