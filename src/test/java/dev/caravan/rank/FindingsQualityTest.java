package dev.caravan.rank;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.extract.ContentExtractor;
import dev.caravan.model.Passage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The quality floor on real pages: three queries of the research benchmark with their five result pages each (the
 * page that states the answer, three on the same topic, one unrelated), extracted and ranked as the pipeline does.
 * The answer must be among the first five findings, quoted from the page that states it, and nothing may be quoted
 * from the unrelated page.
 */
class FindingsQualityTest {

    private static final Path SAMPLE = Path.of("src/test/resources/rank/wcxb-sample");
    private static final PassageRanker RANKER = new PassageRanker(
            new RankingSettings(8, 3, 0.35, 32), Optional.of(OnnxSentenceEncoder.load("all-minilm-l6-v2-q")));
    private static final ContentExtractor EXTRACTOR = new ContentExtractor();

    static Stream<JsonNode> queries() throws IOException {
        List<JsonNode> queries = new ArrayList<>();
        new ObjectMapper().readTree(SAMPLE.resolve("plan.json").toFile()).forEach(queries::add);
        return queries.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void the_answer_is_among_the_first_five_findings_and_the_unrelated_page_is_never_quoted(JsonNode plan)
            throws IOException {
        String query = plan.path("query").asText();
        List<String> ids = new ArrayList<>();
        List<List<Passage>> candidates = new ArrayList<>();
        for (JsonNode result : plan.path("results")) {
            ids.add(result.path("id").asText());
            String html = read(SAMPLE.resolve(result.path("file").asText()));
            candidates.add(RANKER.candidates(
                    EXTRACTOR.extract(html, result.path("url").asText()).blocks(), query));
        }

        Ranking ranking = RANKER.rank(query, candidates);

        int gold = ids.indexOf(plan.path("gold").asText());
        int unrelated = ids.indexOf(plan.path("unrelated").asText());
        String answer = plan.path("answer").asText().toLowerCase(Locale.ROOT);
        List<Ranking.Pick> firstFive =
                ranking.picks().subList(0, Math.min(5, ranking.picks().size()));
        assertThat(firstFive).anySatisfy(p -> {
            assertThat(p.text().toLowerCase(Locale.ROOT)).contains(answer);
            assertThat(p.page() == gold || p.alsoOn().contains(gold)).isTrue();
        });
        assertThat(ranking.picks())
                .noneMatch(p -> p.page() == unrelated || p.alsoOn().contains(unrelated));
        assertThat(ranking.pages().get(unrelated).relevant()).isFalse();
    }

    private static String read(Path gz) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
