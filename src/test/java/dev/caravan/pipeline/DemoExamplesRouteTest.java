package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.intake.JobParser;
import dev.caravan.intake.JobReader;
import dev.caravan.model.Job;
import dev.caravan.model.Query;
import dev.caravan.testing.DemoStubs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The shipped examples in {@code input/examples/}, dropped as they are, run against the demo stubs ({@code ./demo})
 * with no network: each query gets a report whose key findings quote its answer from the real page that states it.
 */
class DemoExamplesRouteTest extends PipelineTestSupport {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path EXAMPLES = Path.of("input/examples");
    private DemoStubs demo;

    @Override
    void overrides(Properties p) {
        try {
            demo = DemoStubs.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        p.put("research.tavily.base-url", demo.tavilyUrl());
    }

    @AfterEach
    void stopDemo() {
        demo.close();
    }

    @Test
    void every_example_query_is_one_the_demo_answers() throws Exception {
        List<String> exampleQueries = new ArrayList<>();
        for (Job job : exampleJobs()) {
            job.queries().stream().map(Query::text).forEach(exampleQueries::add);
        }

        assertThat(exampleQueries)
                .containsExactlyInAnyOrderElementsOf(
                        demo.questions().stream().map(DemoStubs.Question::query).toList());
    }

    @Test
    void each_example_query_gets_a_report_whose_findings_quote_its_answer_from_the_page_that_states_it()
            throws Exception {
        Map<String, DemoStubs.Question> questions =
                demo.questions().stream().collect(Collectors.toMap(DemoStubs.Question::query, Function.identity()));
        try (Stream<Path> files = Files.list(EXAMPLES)) {
            for (Path example : files.sorted().toList()) {
                drop(example.getFileName().toString(), Files.readString(example));
            }
        }

        for (Job job : exampleJobs()) {
            for (Path sidecar :
                    awaitReports(output().resolve(job.name()), job.queries().size())) {
                JsonNode report = JSON.readTree(sidecar.toFile());
                DemoStubs.Question question = questions.get(report.path("query").asText());
                assertThat(question).as(sidecar.toString()).isNotNull();
                int gold = -1;
                for (JsonNode s : report.path("sources")) {
                    assertThat(s.path("url").asText())
                            .as("no URL leaves loopback")
                            .startsWith("http://127.0.0.1:");
                    if (s.path("url").asText().equals(question.sourceUrl()))
                        gold = s.path("n").asInt();
                }
                List<String> answering = new ArrayList<>();
                for (JsonNode f : report.path("findings")) {
                    boolean citesGold = false;
                    for (JsonNode c : f.path("citations")) citesGold |= c.asInt() == gold;
                    if (citesGold && normal(f.path("text").asText()).contains(normal(question.answer())))
                        answering.add(f.path("text").asText());
                }
                assertThat(answering)
                        .as(
                                "a finding of %s quotes '%s' from %s; findings: %s",
                                sidecar, question.answer(), question.sourceUrl(), report.path("findings"))
                        .isNotEmpty();
            }
        }
        assertThat(demo.sitePaths()).noneMatch(p -> p.startsWith("/admin/"));
    }

    private static List<Job> exampleJobs() throws IOException {
        JobReader reader = new JobReader(new JobParser(), 1_048_576, java.time.Clock.systemUTC());
        try (Stream<Path> files = Files.list(EXAMPLES)) {
            return files.sorted().map(f -> reader.read(f.toString())).toList();
        }
    }

    private static String normal(String text) {
        return text.replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    private List<Path> awaitReports(Path dir, int count) throws Exception {
        return await("waiting for " + count + " reports in " + dir)
                .atMost(Duration.ofSeconds(90))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> {
                            List<Path> sidecars = new ArrayList<>();
                            for (Path run : runDirs(dir)) sidecars.addAll(list(run, ".json"));
                            return sidecars;
                        },
                        sidecars -> sidecars.size() >= count);
    }
}
