package dev.caravan.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caravan.config.PropertyReader;
import dev.caravan.config.ReportStage;
import dev.caravan.model.Job;
import dev.caravan.model.PageResult;
import dev.caravan.model.Passage;
import dev.caravan.model.SuppressForbidden;
import dev.caravan.pages.FindingSelector;
import dev.caravan.rank.ModelLibrariesOffline;
import dev.caravan.rank.PassageRanker;
import dev.caravan.report.ReportSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Benchmark command that measures what the ranking weighs: for every query of a research plan, the pipeline's own
 * conversion and first pass over its local pages, then the second pass's features of every candidate
 * ({@link PassageRanker#measure}), written as one JSON line per query with each candidate's page, text, kind (and
 * whether it is a command's output), features and whether it is the answer (it holds the plan's answer and is on the
 * page the question was written from). {@code bench/fit_ranking.py} fits the ranking's weights from these lines.
 * Usage: {@code RankingFeatures DATASET PLAN.json OUT.jsonl [MODEL_READS]}.
 */
@SuppressForbidden("a command-line benchmark: its progress goes to stdout, its usage to stderr")
public final class RankingFeatures {

    private RankingFeatures() {}

    public static void main(String[] args) throws IOException {
        ModelLibrariesOffline.apply(); // first: no library may call home
        if (args.length < 3 || args.length > 4) {
            System.err.println("usage: RankingFeatures DATASET_DIR PLAN.json OUT.jsonl [MODEL_READS]");
            System.exit(2);
        }
        Path dataset = Path.of(args[0]);
        ObjectMapper json = new ObjectMapper();
        JsonNode plan = json.readTree(Path.of(args[1]).toFile());
        int modelReads = args.length == 4 ? Integer.parseInt(args[3]) : 1000;
        PropertyReader props = PlanPages.settings(Path.of("application.properties"));
        PassageRanker ranker = ReportStage.ranker(props);
        Path scratch = Files.createTempDirectory("ranking-features");
        PlanPages pages = new PlanPages(
                dataset,
                new ReportSettings(scratch, props.intValue("research.report.inline-max-chars")),
                new FindingSelector(ranker),
                Clock.systemUTC());
        Job job = new Job("ranking-features", PlanPages.queries(plan));
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[2]), StandardCharsets.UTF_8))) {
            out.println(json.writeValueAsString(PassageRanker.featureNames()));
            for (int q = 0; q < plan.size(); q++) {
                JsonNode question = plan.get(q);
                String query = question.path("query").asText();
                String answer = PlanPages.normalised(question.path("answer").asText());
                JsonNode results = question.path("results");
                int gold = -1;
                int unrelated = -1;
                for (int r = 0; r < results.size(); r++) {
                    String id = results.get(r).path("id").asText();
                    if (id.equals(question.path("gold").asText())) gold = r;
                    if (id.equals(question.path("unrelated").asText())) unrelated = r;
                }
                List<List<Passage>> candidates = new ArrayList<>();
                List<String> sources = new ArrayList<>();
                for (PageResult page : pages.query(job, q, question).pages()) {
                    candidates.add(page.candidates());
                    sources.add(FindingSelector.source(page));
                }
                ObjectNode line = json.createObjectNode();
                line.put("query", query);
                line.put("form", question.path("form").asText("sentence"));
                line.put("gold", gold);
                line.put("unrelated", unrelated);
                ArrayNode rows = line.putArray("candidates");
                for (PassageRanker.Measured m : ranker.measure(query, candidates, modelReads, sources)) {
                    ObjectNode row = rows.addObject();
                    row.put("page", m.page());
                    row.put("position", m.passage().position());
                    row.put("text", m.passage().text());
                    row.put("kind", m.passage().kind().name());
                    row.put("output", m.passage().output());
                    row.put(
                            "answer",
                            m.page() == gold
                                    && PlanPages.normalised(m.passage().quoted())
                                            .contains(answer));
                    row.put("coverage", m.coverage());
                    if (m.withModel() != null) row.put("cosine", m.cosine());
                    row.set("lexical", json.valueToTree(m.lexical()));
                    if (m.withModel() != null) row.set("model", json.valueToTree(m.withModel()));
                }
                out.println(json.writeValueAsString(line));
            }
        }
        System.out.printf(Locale.ROOT, "%d queries measured -> %s%n", plan.size(), args[2]);
    }
}
