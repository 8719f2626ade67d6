package dev.caravan.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.answer.AnswerChecker;
import dev.caravan.answer.AnswerSettings;
import dev.caravan.config.AnswerModel;
import dev.caravan.config.CaravanConfiguration;
import dev.caravan.config.PropertyReader;
import dev.caravan.model.Finding;
import dev.caravan.model.Job;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.SuppressForbidden;
import dev.caravan.rank.ModelLibrariesOffline;
import dev.caravan.rank.PassageRanker;
import dev.caravan.report.FindingSelector;
import dev.caravan.report.ReportBuilder;
import dev.caravan.report.ReportSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Benchmark command for the answer checks: for every query of a research plan, chooses its findings with the
 * pipeline's own code over the plan's local pages (as {@link ResearchBenchmark} does), makes answer sentences from them
 * in three groups ({@link AnswerSentences}: supported, unsupported, borderline) and runs only the checker on them (no
 * model is called). Prints, per kind, the share kept and dropped with every check, next to the shares with the fact
 * check alone and the similarity check alone; a threshold sweep of check (c); and the time the checks take per answer
 * (up to six sentences, as a model writes). Usage: {@code AnswerBenchmark DATASET PLAN.json}.
 */
@SuppressForbidden("a command-line benchmark: its results go to stdout, its usage to stderr")
public final class AnswerBenchmark {

    /** Sentences per answer when timing the checks: about what a model writes for one query. */
    static final int ANSWER_SENTENCES = 6;

    private AnswerBenchmark() {}

    /** One checked sentence. */
    private record Row(AnswerSentences.Generated generated, AnswerChecker.Verdict verdict) {}

    public static void main(String[] args) throws IOException {
        ModelLibrariesOffline.apply(); // first: no library may call home (the model's tokenizer would)
        if (args.length != 2) {
            System.err.println("usage: AnswerBenchmark DATASET_DIR PLAN.json");
            System.exit(2);
        }
        Path dataset = Path.of(args[0]);
        JsonNode plan = new ObjectMapper().readTree(Path.of(args[1]).toFile());
        PropertyReader props = PlanPages.settings(Path.of("application.properties"));
        PassageRanker ranker = CaravanConfiguration.ranker(props);
        AnswerSettings settings = AnswerModel.settings(props);
        AnswerChecker checker = AnswerModel.checker(props, settings);
        Path out = Files.createTempDirectory("answer-bench");
        ReportSettings report = new ReportSettings(out, props.intValue("research.report.inline-max-chars"));
        FindingSelector selector = new FindingSelector(ranker);
        Clock clock = Clock.systemUTC();
        ReportBuilder builder = new ReportBuilder(report, selector, clock);
        PlanPages planPages = new PlanPages(dataset, report, selector, clock);

        List<Query> queries = PlanPages.queries(plan);
        Job job = new Job("answer-bench", queries);
        List<ReportBuilder.Draft> drafts = new ArrayList<>();
        for (int q = 0; q < queries.size(); q++) {
            PlanPages.QueryPages pages = planPages.query(job, q, plan.get(q));
            drafts.add(builder.draft(job, q, pages.search(), pages.pages()));
        }
        List<String> names = new ArrayList<>();
        for (ReportBuilder.Draft d : drafts) names.addAll(AnswerSentences.names(d.findings()));

        List<Row> rows = new ArrayList<>();
        List<Double> answerMs = new ArrayList<>();
        List<Double> lexicalAnswerMs = new ArrayList<>();
        AnswerChecker lexical = new AnswerChecker(
                java.util.Optional.empty(), "none", settings.minSimilarity(), java.util.Optional.empty(), 0);
        int answers = 0;
        for (int q = 0; q < drafts.size(); q++) {
            ReportBuilder.Draft d = drafts.get(q);
            List<Finding> findings = d.findings();
            if (findings.isEmpty()) continue;
            Map<Integer, PageResult> bySource = new LinkedHashMap<>();
            for (PageResult p : d.pages()) {
                Integer n = d.numbers().get(p.task().order());
                if (n != null) bySource.put(n, p);
            }
            List<AnswerSentences.Generated> generated =
                    AnswerSentences.of(findings, bySource, names, queries.get(q).text(), q);
            for (int from = 0; from < generated.size(); from += ANSWER_SENTENCES) {
                List<AnswerSentences.Generated> chunk =
                        generated.subList(from, Math.min(generated.size(), from + ANSWER_SENTENCES));
                List<AnswerChecker.Proposed> sentences =
                        chunk.stream().map(AnswerSentences.Generated::sentence).toList();
                long start = System.nanoTime();
                checker.check(findings, sentences); // as the answer step runs it: timed
                double ms = (System.nanoTime() - start) / 1e6;
                start = System.nanoTime();
                lexical.check(findings, sentences); // the peer: checks (a) and (b) alone
                double lexicalMs = (System.nanoTime() - start) / 1e6;
                if (answers++ > 0) { // the first answer warms the model up
                    answerMs.add(ms);
                    lexicalAnswerMs.add(lexicalMs);
                }
                // the same verdicts, with check (c) also scored where (b) failed, for the figures of each check alone
                List<AnswerChecker.Verdict> verdicts = checker.check(findings, sentences, true);
                for (int i = 0; i < chunk.size(); i++) rows.add(new Row(chunk.get(i), verdicts.get(i)));
            }
        }
        print(rows, answerMs, lexicalAnswerMs, checker, settings, props, drafts.size());
        if (Boolean.getBoolean("bench.misses")) misses(rows);
    }

    /** The unsupported sentences kept and the supported ones dropped, to read. */
    private static void misses(List<Row> rows) {
        System.out.println();
        for (Row r : rows) {
            boolean miss = r.generated().group().equals(AnswerSentences.UNSUPPORTED)
                    ? r.verdict().kept()
                    : r.generated().group().equals(AnswerSentences.SUPPORTED)
                            && !r.verdict().kept();
            if (!miss) continue;
            System.out.printf(
                    Locale.ROOT,
                    "MISS %s / %s: %s | %s%s%n",
                    r.generated().group(),
                    r.generated().kind(),
                    r.verdict().text(),
                    r.verdict().reason().isEmpty() ? "kept" : r.verdict().reason(),
                    r.verdict().similarity() >= 0
                            ? String.format(
                                    Locale.ROOT,
                                    " (similarity %.2f)",
                                    r.verdict().similarity())
                            : "");
        }
    }

    private static void print(
            List<Row> rows,
            List<Double> answerMs,
            List<Double> lexicalAnswerMs,
            AnswerChecker checker,
            AnswerSettings settings,
            PropertyReader props,
            int queries) {
        double t = settings.minSimilarity();
        System.out.printf(
                Locale.ROOT,
                "%d queries, %d sentences; checks: %s; similarity model %s, threshold %.2f%n%n",
                queries,
                rows.size(),
                String.join(", ", checker.checks()),
                props.string("research.report.model"),
                t);
        System.out.printf(
                Locale.ROOT,
                "%-12s %-26s %5s %7s %8s   %12s %12s%n",
                "group",
                "kind",
                "n",
                "kept",
                "dropped",
                "kept (a+b)",
                "kept (a+c)");
        Map<String, List<Row>> byKind = new LinkedHashMap<>();
        for (String group :
                List.of(AnswerSentences.SUPPORTED, AnswerSentences.UNSUPPORTED, AnswerSentences.BORDERLINE)) {
            for (Row r : rows)
                if (r.generated().group().equals(group))
                    byKind.computeIfAbsent(group + "|" + r.generated().kind(), k -> new ArrayList<>())
                            .add(r);
        }
        byKind.forEach((key, list) -> line(key.split("\\|")[0], key.split("\\|")[1], list, t));
        System.out.println();
        for (String group :
                List.of(AnswerSentences.SUPPORTED, AnswerSentences.UNSUPPORTED, AnswerSentences.BORDERLINE)) {
            line(
                    group,
                    "(all)",
                    rows.stream()
                            .filter(r -> r.generated().group().equals(group))
                            .toList(),
                    t);
        }
        System.out.println();
        System.out.println("check (c) threshold sweep (with checks a and b): share kept");
        System.out.printf(Locale.ROOT, "%9s %10s %12s %11s%n", "threshold", "supported", "unsupported", "borderline");
        for (double s = 0.30; s <= 0.801; s += 0.05) {
            double threshold = s;
            System.out.printf(
                    Locale.ROOT,
                    "%9.2f %10.3f %12.3f %11.3f%n",
                    threshold,
                    keptShare(rows, AnswerSentences.SUPPORTED, threshold),
                    keptShare(rows, AnswerSentences.UNSUPPORTED, threshold),
                    keptShare(rows, AnswerSentences.BORDERLINE, threshold));
        }
        double[] ms =
                answerMs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "time of the checks per answer (up to %d sentences, %d answers after the first): median %.1f ms,"
                        + " 95th percentile %.1f ms, slowest %.1f ms%n",
                ANSWER_SENTENCES,
                ms.length,
                ResearchBenchmark.median(ms),
                ms.length == 0 ? 0 : ms[Math.min(ms.length - 1, (int) Math.ceil(ms.length * 0.95) - 1)],
                ms.length == 0 ? 0 : ms[ms.length - 1]);
        double[] lexicalMs = lexicalAnswerMs.stream()
                .mapToDouble(Double::doubleValue)
                .sorted()
                .toArray();
        System.out.printf(
                Locale.ROOT,
                "peer, same answers: checks (a) and (b) alone, without the embedding model: median %.1f ms, 95th"
                        + " percentile %.1f ms%n",
                ResearchBenchmark.median(lexicalMs),
                lexicalMs.length == 0
                        ? 0
                        : lexicalMs[Math.min(lexicalMs.length - 1, (int) Math.ceil(lexicalMs.length * 0.95) - 1)]);
        System.out.printf(
                Locale.ROOT,
                "machine load while it ran (1-minute load average, %d cores): %.1f%n",
                Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                        .getSystemLoadAverage());
        List<String> dropReasons = new ArrayList<>();
        for (String check : List.of("cited", "facts", "similar", "entailed")) {
            long n = rows.stream()
                    .filter(r -> r.verdict().failed().equals(check))
                    .count();
            if (n > 0) dropReasons.add(check + " " + n);
        }
        System.out.println("sentences dropped, by the first check they failed: " + String.join(", ", dropReasons));
        System.out.println();
        target("unsupported sentences dropped", dropped(rows, AnswerSentences.UNSUPPORTED, null), 0.98);
        target("changed numbers dropped", dropped(rows, AnswerSentences.UNSUPPORTED, "number changed"), 1.0);
        target("changed names dropped", dropped(rows, AnswerSentences.UNSUPPORTED, "name changed"), 1.0);
        target("supported sentences kept", 1 - dropped(rows, AnswerSentences.SUPPORTED, null), 0.90);
        double p95 = ms.length == 0 ? 0 : ms[Math.min(ms.length - 1, (int) Math.ceil(ms.length * 0.95) - 1)];
        System.out.printf(
                Locale.ROOT,
                "target: checks per answer under 50 ms (95th percentile): %.1f ms %s%n",
                p95,
                p95 < 50 ? "met" : "NOT MET");
    }

    private static double dropped(List<Row> rows, String group, String kind) {
        List<Row> g = rows.stream()
                .filter(r -> r.generated().group().equals(group)
                        && (kind == null || r.generated().kind().equals(kind)))
                .toList();
        return g.isEmpty()
                ? 0
                : (double) g.stream().filter(r -> !r.verdict().kept()).count() / g.size();
    }

    private static void target(String what, double share, double target) {
        System.out.printf(
                Locale.ROOT,
                "target: %s at least %.2f: %.3f %s%n",
                what,
                target,
                share,
                share >= target ? "met" : "NOT MET");
    }

    private static void line(String group, String kind, List<Row> list, double threshold) {
        if (list.isEmpty()) return;
        long kept = list.stream().filter(r -> r.verdict().kept()).count();
        long keptAb = list.stream()
                .filter(r -> r.verdict().cited() && r.verdict().missing().isEmpty())
                .count();
        long keptAc = list.stream()
                .filter(r -> r.verdict().cited()
                        && (r.verdict().similarity() < 0 || r.verdict().similarity() >= threshold))
                .count();
        int n = list.size();
        System.out.printf(
                Locale.ROOT,
                "%-12s %-26s %5d %7.3f %8.3f   %12.3f %12.3f%n",
                group,
                kind,
                n,
                (double) kept / n,
                1 - (double) kept / n,
                (double) keptAb / n,
                (double) keptAc / n);
    }

    /** The share of a group kept with checks (a) and (b) and check (c) at {@code threshold}. */
    private static double keptShare(List<Row> rows, String group, double threshold) {
        List<Row> g =
                rows.stream().filter(r -> r.generated().group().equals(group)).toList();
        if (g.isEmpty()) return 0;
        long kept = g.stream()
                .filter(r -> r.verdict().cited()
                        && r.verdict().missing().isEmpty()
                        && (r.verdict().similarity() < 0 || r.verdict().similarity() >= threshold))
                .count();
        return (double) kept / g.size();
    }
}
