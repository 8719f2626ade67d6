package dev.caravan.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.config.CaravanConfiguration;
import dev.caravan.config.PropertyReader;
import dev.caravan.model.Job;
import dev.caravan.model.Query;
import dev.caravan.model.SuppressForbidden;
import dev.caravan.rank.ModelLibrariesOffline;
import dev.caravan.rank.PassageRanker;
import dev.caravan.report.FindingSelector;
import dev.caravan.report.ReportBuilder;
import dev.caravan.report.ReportSettings;
import dev.caravan.report.ReportWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Benchmark command for the key findings: runs the pipeline's own code (conversion and extraction, eviction, both
 * ranking passes, the report and sidecar builder and writer) over the local pages of a research plan, as if a search
 * had returned them, and writes one report and sidecar per query into OUT/research-bench/. Prints the model's load
 * time and heap, and the ranking time per query. Settings come from {@code application.properties}, overridden by
 * {@code -Dkey=value}. Usage: {@code ResearchBenchmark DATASET PLAN.json OUT}.
 */
@SuppressForbidden("a command-line benchmark: its results go to stdout, its usage to stderr")
public final class ResearchBenchmark {

    private ResearchBenchmark() {}

    public static void main(String[] args) throws IOException {
        ModelLibrariesOffline.apply(); // first: no library may call home (the model's tokenizer would)
        if (args.length != 3) {
            System.err.println("usage: ResearchBenchmark DATASET_DIR PLAN.json OUT_DIR");
            System.exit(2);
        }
        Path dataset = Path.of(args[0]);
        JsonNode plan = new ObjectMapper().readTree(Path.of(args[1]).toFile());
        Path out = Path.of(args[2]);
        PropertyReader props = PlanPages.settings(Path.of("application.properties"));

        long heapBefore = usedHeap();
        long rssBefore = residentKb();
        long t0 = System.nanoTime();
        PassageRanker ranker = CaravanConfiguration.ranker(props);
        double loadMs = (System.nanoTime() - t0) / 1e6;
        long modelHeap = usedHeap() - heapBefore;
        long modelRss = residentKb() - rssBefore;

        ReportSettings report = new ReportSettings(out, props.intValue("research.report.inline-max-chars"));
        FindingSelector selector = new FindingSelector(ranker);
        Clock clock = Clock.systemUTC();
        ReportBuilder builder = new ReportBuilder(report, selector, clock);
        PlanPages planPages = new PlanPages(dataset, report, selector, clock);
        ReportWriter writer = new ReportWriter();

        List<Query> queries = PlanPages.queries(plan);
        Job job = new Job("research-bench", queries);
        double[] rankMs = new double[queries.size()];
        double[] firstMs = new double[queries.size()];
        int pages = 0;
        int failed = 0;
        for (int q = 0; q < queries.size(); q++) {
            PlanPages.QueryPages query = planPages.query(job, q, plan.get(q));
            pages += query.pages().size();
            failed += query.pages().size() - query.converted();
            long start = System.nanoTime();
            var built = builder.build(job, q, query.search(), query.pages());
            firstMs[q] = query.firstPassMs();
            rankMs[q] = query.firstPassMs() + (System.nanoTime() - start) / 1e6;
            writer.write(built);
        }
        double[] sorted = rankMs.clone();
        Arrays.sort(sorted);
        System.out.printf(
                Locale.ROOT,
                "model: %s; load %.0f ms; heap after load %+d MB; process memory (RSS, heap and"
                        + " native) after load %+d MB%n",
                props.string("research.report.model"),
                loadMs,
                modelHeap / (1024 * 1024),
                modelRss / 1024);
        System.out.printf(
                Locale.ROOT,
                "%d queries, %d pages converted of %d; ranking per query (both passes and the"
                        + " report): median %.0f ms, slowest %.0f ms (first query, cold: %.0f ms)%n",
                queries.size(),
                pages - failed,
                pages,
                median(Arrays.copyOfRange(rankMs, 1, rankMs.length)),
                sorted[sorted.length - 1],
                rankMs[0]);
        System.out.printf(
                Locale.ROOT,
                "of which the first pass (per page, lexical): median %.0f ms per query%n",
                median(Arrays.copyOfRange(firstMs, 1, firstMs.length)));
    }

    static double median(double[] values) {
        if (values.length == 0) return 0;
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** The process's resident set in KiB (Linux), or 0 where /proc is not there. */
    private static long residentKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) return Long.parseLong(line.replaceAll("\\D", ""));
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) System.gc();
        return rt.totalMemory() - rt.freeMemory();
    }
}
