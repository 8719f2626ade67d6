package dev.caravan.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.model.SuppressForbidden;
import dev.caravan.rank.ModelLibrariesOffline;
import dev.caravan.rank.OnnxSentenceEncoder;
import dev.caravan.rank.SentenceEncoder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Benchmark command for the sentence encoder: embeds passages (sentences of a research kit's ground-truth article
 * bodies, split on ". ") in calls of the size the ranker makes, with langchain4j's own per-text path, with Caravan's
 * encoder ({@link OnnxSentenceEncoder#load}) and with padded batches (for comparison: they change the vectors), in
 * turn, and prints milliseconds per passage (wall clock, and CPU time of the whole process) and how far each path's
 * vectors are from langchain4j's. The machine may be shared: the paths alternate, and the load average is printed.
 * Usage: {@code EncoderBenchmark GROUND_TRUTH.json [MODEL [PASSAGES [ROUNDS]]]}.
 */
@SuppressForbidden("a command-line benchmark: its results go to stdout, its usage to stderr")
public final class EncoderBenchmark {

    /** Texts per {@code encode} call: about what the ranker sends for one query (the query and its candidates). */
    private static final int CALL = 200;

    /** Texts per run in the padded-batches path. */
    private static final int BATCH = 32;

    private EncoderBenchmark() {}

    public static void main(String[] args) throws IOException {
        ModelLibrariesOffline.apply(); // first: no library may call home (the model's tokenizer would)
        if (args.length < 1 || args.length > 4) {
            System.err.println("usage: EncoderBenchmark GROUND_TRUTH.json [MODEL [PASSAGES [ROUNDS]]]");
            System.exit(2);
        }
        String model = args.length > 1 ? args[1] : OnnxSentenceEncoder.MODELS.get(0);
        int count = args.length > 2 ? Integer.parseInt(args[2]) : 2000;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 2;
        List<String> passages = passages(Path.of(args[0]), count);
        double words = passages.stream()
                .mapToInt(p -> p.split("\\s+").length)
                .average()
                .orElse(0);

        Map<String, SentenceEncoder> paths = new LinkedHashMap<>(); // the first is the reference
        paths.put("langchain4j, one text per run", OnnxSentenceEncoder.langchain4j(model));
        paths.put("Caravan, one text per run", OnnxSentenceEncoder.load(model));
        paths.put("padded batches of " + BATCH, OnnxSentenceEncoder.batched(model, BATCH));
        List<String> order = List.copyOf(paths.keySet());
        System.out.printf(
                Locale.ROOT,
                "%s: %d passages (%.1f words on average) in calls of %d, %d rounds; %d processors; load average %s%n",
                model,
                passages.size(),
                words,
                CALL,
                rounds,
                Runtime.getRuntime().availableProcessors(),
                loadAverage());
        for (String path : order) encode(paths.get(path), passages.subList(0, Math.min(CALL, passages.size())));

        Map<String, float[][]> vectors = new HashMap<>();
        Map<String, double[]> wall = new HashMap<>();
        Map<String, double[]> cpuTime = new HashMap<>();
        for (String path : order) {
            wall.put(path, new double[rounds]);
            cpuTime.put(path, new double[rounds]);
        }
        for (int round = 1; round <= rounds; round++) {
            for (String path : order) {
                long cpu = processCpuNanos();
                long start = System.nanoTime();
                vectors.put(path, encode(paths.get(path), passages));
                double wallMs = (System.nanoTime() - start) / 1e6;
                double cpuMs = (processCpuNanos() - cpu) / 1e6;
                wall.get(path)[round - 1] = wallMs / passages.size();
                cpuTime.get(path)[round - 1] = cpuMs / passages.size();
                System.out.printf(
                        Locale.ROOT,
                        "round %d  %-32s %6.2f ms per passage (CPU %6.2f ms)%n",
                        round,
                        path,
                        wallMs / passages.size(),
                        cpuMs / passages.size());
            }
        }
        for (String path : order)
            System.out.printf(
                    Locale.ROOT,
                    "median    %-32s %6.2f ms per passage (CPU %6.2f ms)%n",
                    path,
                    median(wall.get(path)),
                    median(cpuTime.get(path)));
        float[][] reference = vectors.get(order.get(0));
        for (String path : order.subList(1, order.size())) {
            float[][] v = vectors.get(path);
            double largest = 0;
            double lowestCosine = 1;
            for (int i = 0; i < v.length; i++) {
                double cosine = 0;
                for (int d = 0; d < v[i].length; d++) {
                    largest = Math.max(largest, Math.abs(v[i][d] - reference[i][d]));
                    cosine += v[i][d] * reference[i][d];
                }
                lowestCosine = Math.min(lowestCosine, cosine);
            }
            System.out.printf(
                    Locale.ROOT,
                    "%-32s vs langchain4j: largest component difference %.1e, lowest cosine %.6f%n",
                    path,
                    largest,
                    lowestCosine);
        }
        System.out.println("load average at the end: " + loadAverage());
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** Encodes the passages in calls of {@link #CALL} texts, as the ranker does per query. */
    private static float[][] encode(SentenceEncoder encoder, List<String> passages) {
        float[][] all = new float[passages.size()][];
        for (int from = 0; from < passages.size(); from += CALL) {
            List<String> call = passages.subList(from, Math.min(passages.size(), from + CALL));
            float[][] v = encoder.encode(call.stream().map(encoder::passageText).toList());
            System.arraycopy(v, 0, all, from, v.length);
        }
        return all;
    }

    /**
     * {@code count} sentences of the articles' bodies, spread over all the articles (every n-th sentence in the
     * file's order), so that the run is the same each time.
     */
    static List<String> passages(Path groundTruth, int count) throws IOException {
        JsonNode pages = new ObjectMapper().readTree(Files.newBufferedReader(groundTruth));
        List<String> sentences = new ArrayList<>();
        for (Iterator<JsonNode> it = pages.elements(); it.hasNext(); ) {
            String body = it.next().path("articleBody").asText("");
            for (String s : body.split("\\. ")) {
                String sentence = s.strip();
                if (!sentence.isEmpty()) sentences.add(sentence);
            }
        }
        if (sentences.size() < count)
            throw new IllegalArgumentException(
                    groundTruth + " has " + sentences.size() + " sentences, fewer than " + count);
        List<String> chosen = new ArrayList<>(count);
        double step = (double) sentences.size() / count;
        for (int i = 0; i < count; i++) chosen.add(sentences.get((int) (i * step)));
        return chosen;
    }

    /** CPU time of the whole process (every thread, native ones included), from /proc; 0 where there is none. */
    private static long processCpuNanos() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime
            return ticks * 10_000_000L; // USER_HZ is 100 on Linux
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static String loadAverage() {
        try {
            return String.join(
                    " ",
                    List.of(Files.readString(Path.of("/proc/loadavg")).split(" "))
                            .subList(0, 3));
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
