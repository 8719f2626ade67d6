package dev.caravan.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.config.CaravanConfiguration;
import dev.caravan.config.PropertyReader;
import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Job;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import dev.caravan.model.SuppressForbidden;
import dev.caravan.rank.ModelLibrariesOffline;
import dev.caravan.rank.PassageRanker;
import dev.caravan.report.FindingSelector;
import dev.caravan.report.PageStore;
import dev.caravan.report.ReportBuilder;
import dev.caravan.report.ReportSettings;
import dev.caravan.report.ReportWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
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
        PlanPages planPages = new PlanPages(dataset, clock);
        PageStore store = new PageStore(report);
        ReportWriter writer = new ReportWriter();

        List<Query> queries = new ArrayList<>();
        for (JsonNode p : plan) queries.add(Query.of(p.path("query").asText()));
        Job job = new Job("research-bench", queries);
        double[] rankMs = new double[queries.size()];
        double[] firstMs = new double[queries.size()];
        int pages = 0;
        int failed = 0;
        for (int q = 0; q < queries.size(); q++) {
            JsonNode results = plan.get(q).path("results");
            List<FetchTask> tasks = new ArrayList<>();
            List<FetchedPage> fetched = new ArrayList<>();
            List<SearchHit> hits = new ArrayList<>();
            for (int r = 0; r < results.size(); r++) {
                JsonNode result = results.get(r);
                String url = result.path("url").asText();
                SearchHit hit = new SearchHit(url, result.path("title").asText(""), "", 1.0 - r * 0.1, null);
                hits.add(hit);
                tasks.add(new FetchTask(r, url, url, hit));
                FetchedPage page = store.evictIfLarge(planPages.convert(result), job.folder());
                pages++;
                if (!page.fetched()) {
                    failed++;
                    System.out.println(
                            "page not converted: " + result.path("id").asText() + " (" + page.reason() + ")");
                }
                fetched.add(page);
            }
            long start = System.nanoTime();
            List<PageResult> ranked = new ArrayList<>();
            for (int r = 0; r < tasks.size(); r++) {
                ranked.add(selector.candidates(tasks.get(r), store.withBlocks(fetched.get(r)), queries.get(q), false));
            }
            firstMs[q] = (System.nanoTime() - start) / 1e6;
            var built = builder.build(job, q, new SearchResults("plan", null, hits, false), ranked);
            rankMs[q] = (System.nanoTime() - start) / 1e6;
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

    private static double median(double[] values) {
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
