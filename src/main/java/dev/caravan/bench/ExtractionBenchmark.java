package dev.caravan.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.extract.ContentExtractor;
import dev.caravan.model.SuppressForbidden;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Benchmark command: extracts every {@code DATASET/html/<id>.html[.gz]} to {@code OUT/<id>.md} in one thread and
 * prints pages per second. The first pass warms the JVM up and is not counted; page URLs come from
 * {@code DATASET/ground-truth.json} when present. Usage: {@code ExtractionBenchmark DATASET OUT [--passes N]} (N timed passes after the warm-up, default 3; the
 * median is reported).
 */
@SuppressForbidden("a command-line benchmark: its results go to stdout, its usage to stderr")
public final class ExtractionBenchmark {

    private ExtractionBenchmark() {}

    private record Page(String id, String html, String url) {}

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: ExtractionBenchmark DATASET_DIR OUT_DIR [--passes N]");
            System.exit(2);
        }
        Path dataset = Path.of(args[0]);
        Path out = Path.of(args[1]);
        int passes = args.length >= 4 && args[2].equals("--passes") ? Integer.parseInt(args[3]) : 3;
        List<Page> pages = load(dataset);
        Files.createDirectories(out);
        ContentExtractor extractor = new ContentExtractor();
        long bytes = pages.stream().mapToLong(p -> p.html().length()).sum();

        long warm = System.nanoTime();
        List<String> failures = new ArrayList<>();
        List<Page> good = new ArrayList<>();
        StringBuilder types = new StringBuilder("id\tpage_type\n");
        for (Page p : pages) {
            String md;
            try {
                var page = extractor.extract(p.html(), p.url());
                md = page.markdown();
                types.append(p.id())
                        .append('\t')
                        .append(page.metadata().pageType().label())
                        .append('\n');
            } catch (RuntimeException e) {
                failures.add(p.id() + " (" + e + ")");
                continue;
            }
            Files.writeString(out.resolve(p.id() + ".md"), md, StandardCharsets.UTF_8);
            good.add(p);
        }
        double warmSeconds = (System.nanoTime() - warm) / 1e9;
        Files.writeString(out.resolve("page-types.tsv"), types, StandardCharsets.UTF_8);
        System.out.printf(Locale.ROOT, "%s: %d / %d pages written%n", dataset.getFileName(), good.size(), pages.size());
        for (String f : failures) System.out.println("FAILED " + f);
        double[] rates = new double[passes];
        double[] cpuRates = new double[passes];
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        for (int pass = 0; pass < passes; pass++) {
            long t0 = System.nanoTime();
            long c0 = threads.getCurrentThreadCpuTime();
            long sink = 0;
            for (Page p : good)
                sink += extractor.extract(p.html(), p.url()).markdown().length();
            double seconds = (System.nanoTime() - t0) / 1e9;
            double cpuSeconds = (threads.getCurrentThreadCpuTime() - c0) / 1e9;
            rates[pass] = good.size() / seconds;
            cpuRates[pass] = good.size() / cpuSeconds;
            System.out.printf(
                    Locale.ROOT,
                    "{\"pass\":%d,\"pages\":%d,\"html_mchars\":%.1f,\"total_s\":%.3f,\"cpu_s\":%.3f,"
                            + "\"pages_per_s\":%.2f,\"md_chars\":%d}%n",
                    pass + 1,
                    good.size(),
                    bytes / 1e6,
                    seconds,
                    cpuSeconds,
                    rates[pass],
                    sink);
        }
        if (passes == 0) return;
        java.util.Arrays.sort(rates);
        java.util.Arrays.sort(cpuRates);
        System.out.printf(
                Locale.ROOT,
                "%s: %d pages, warm-up pass %.2f pages/s, then %d timed passes: median %.2f pages/s "
                        + "(min %.2f, max %.2f), one thread; per CPU second of that thread: median %.2f pages/s%n",
                dataset.getFileName(),
                pages.size(),
                pages.size() / warmSeconds,
                passes,
                rates[passes / 2],
                rates[0],
                rates[passes - 1],
                cpuRates[passes / 2]);
    }

    private static List<Page> load(Path dataset) throws IOException {
        JsonNode gt = null;
        Path gtFile = dataset.resolve("ground-truth.json");
        if (Files.isRegularFile(gtFile)) gt = new ObjectMapper().readTree(gtFile.toFile());
        List<Path> files;
        try (Stream<Path> s = Files.list(dataset.resolve("html"))) {
            files = s.filter(f -> f.getFileName().toString().matches(".+\\.html(\\.gz)?"))
                    .sorted()
                    .toList();
        }
        List<Page> pages = new ArrayList<>();
        for (Path f : files) {
            String name = f.getFileName().toString();
            String id = name.replaceFirst("\\.html(\\.gz)?$", "");
            byte[] raw;
            try (InputStream in =
                    name.endsWith(".gz") ? new GZIPInputStream(Files.newInputStream(f)) : Files.newInputStream(f)) {
                raw = in.readAllBytes();
            }
            String url = gt != null && gt.has(id) ? gt.get(id).path("url").asText("") : "";
            pages.add(new Page(
                    id, new String(raw, StandardCharsets.UTF_8), url.isEmpty() ? "https://example.com/" : url));
        }
        return pages;
    }
}
