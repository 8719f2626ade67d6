package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/**
 * Runs the extractor over 20 committed AEB pages and scores it with the benchmark's metric. The floors sit well above
 * the first, naive extractor (F1 0.835, precision 0.75 on these pages) and a little below the current one (F1 0.963).
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class ExtractionQualityTest {

    private static final Path SAMPLE = Path.of("src/test/resources/extract/aeb-sample");
    private static ShingleF1 score;

    @BeforeAll
    static void extractSample() throws IOException {
        JsonNode truth = new ObjectMapper().readTree(SAMPLE.resolve("ground-truth.json").toFile());
        ContentExtractor extractor = new ContentExtractor();
        score = new ShingleF1();
        for (Iterator<Map.Entry<String, JsonNode>> it = truth.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> page = it.next();
            String html = read(SAMPLE.resolve("html").resolve(page.getKey() + ".html.gz"));
            String markdown = extractor.extract(html, page.getValue().path("url").asText()).markdown();
            score.add(page.getValue().path("articleBody").asText(), ShingleF1.stripMarkdown(markdown));
        }
        System.out.printf("AEB sample: F1 %.3f, precision %.3f, recall %.3f%n", score.f1(), score.precision(), score.recall());
    }

    @Test
    void the_aeb_sample_scores_an_f1_of_at_least_0_93() {
        assertThat(score.f1()).isGreaterThanOrEqualTo(0.93);
    }

    @Test
    void the_aeb_sample_keeps_boilerplate_out_with_precision_of_at_least_0_90() {
        assertThat(score.precision()).isGreaterThanOrEqualTo(0.90);
    }

    @Test
    void the_aeb_sample_keeps_the_article_with_recall_of_at_least_0_95() {
        assertThat(score.recall()).isGreaterThanOrEqualTo(0.95);
    }

    private static String read(Path gz) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
