package dev.caravan.rank;

import dev.caravan.rank.BertSentenceModel.Pooling;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.e5smallv2q.E5SmallV2QuantizedEmbeddingModel;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A sentence-embedding model that runs in this process with ONNX Runtime, loaded from a jar on the classpath: no
 * download, no API key. The model and tokenizer files come from langchain4j's model jars and the vectors are
 * langchain4j's, computed with less work per text by {@link BertSentenceModel}; langchain4j's own runtime is loaded
 * only as the reference ({@link #langchain4j}). This class is the only way into the model's libraries, so
 * lexical-only mode never loads them. Thread-safe.
 */
public final class OnnxSentenceEncoder implements SentenceEncoder {

    static {
        // before any class of the model's libraries is loaded: they must not call home (see ModelLibrariesOffline)
        ModelLibrariesOffline.apply();
    }

    /** Models that can be named in {@code research.report.model}. */
    public static final List<String> MODELS = List.of("all-minilm-l6-v2-q", "bge-small-en-v15-q", "e5-small-v2-q");

    /**
     * What a model wants in front of a search query and in front of a passage, as its model card says: it was trained
     * with them, and without them its query and passage vectors are less comparable.
     */
    record Prefixes(String query, String passage) {}

    private final Function<List<String>, float[][]> model;

    private final Prefixes prefixes;

    private final String name;

    private OnnxSentenceEncoder(String name, Function<List<String>, float[][]> model, Prefixes prefixes) {
        this.name = name;
        this.model = model;
        this.prefixes = prefixes;
    }

    @Override
    public String name() {
        return name;
    }

    /**
     * The documented prefixes of model {@code name} (one of {@link #MODELS}), without loading it: all-MiniLM-L6-v2
     * none; BGE small en v1.5 an instruction before a short query and nothing before a passage; E5 "query: " and
     * "passage: ".
     */
    static Prefixes prefixes(String name) {
        return switch (name) {
            case "all-minilm-l6-v2-q" -> new Prefixes("", "");
            case "bge-small-en-v15-q" -> new Prefixes("Represent this sentence for searching relevant passages: ", "");
            case "e5-small-v2-q" -> new Prefixes("query: ", "passage: ");
            default -> throw unknown(name);
        };
    }

    @Override
    public String queryText(String query) {
        return prefixes.query() + query;
    }

    @Override
    public String passageText(String passage) {
        return prefixes.passage() + passage;
    }

    /** One loaded model per name and process: loading takes about a second and the model is immutable. */
    private static final Map<String, OnnxSentenceEncoder> LOADED = new ConcurrentHashMap<>();

    /** The model {@code name} (one of {@link #MODELS}), loaded on first use (about a second), then shared. */
    public static OnnxSentenceEncoder load(String name) {
        return LOADED.computeIfAbsent(name.toLowerCase(Locale.ROOT), OnnxSentenceEncoder::create);
    }

    private static OnnxSentenceEncoder create(String name) {
        return batched(name, 1);
    }

    /**
     * Model {@code name} with {@code textsPerRun} texts per run of the model, padded to the longest. Above 1 its
     * vectors are not langchain4j's (see {@link BertSentenceModel}): for comparisons only (bench/encoder.sh);
     * {@link #load} runs each text alone.
     */
    public static OnnxSentenceEncoder batched(String name, int textsPerRun) {
        ModelLibrariesOffline.requireOffline();
        String key = name.toLowerCase(Locale.ROOT);
        Prefixes prefixes = prefixes(key);
        BertSentenceModel model = switch (key) {
            case "all-minilm-l6-v2-q" ->
                BertSentenceModel.fromClassPath(
                        "all-minilm-l6-v2-q.onnx", "all-minilm-l6-v2-q-tokenizer.json", Pooling.MEAN, textsPerRun);
            case "bge-small-en-v15-q" ->
                BertSentenceModel.fromClassPath(
                        "bge-small-en-v1.5-q.onnx", "bge-small-en-v1.5-q-tokenizer.json", Pooling.CLS, textsPerRun);
            case "e5-small-v2-q" ->
                BertSentenceModel.fromClassPath(
                        "e5-small-v2-q.onnx", "e5-small-v2-q-tokenizer.json", Pooling.MEAN, textsPerRun);
            default -> throw unknown(name);
        };
        return new OnnxSentenceEncoder(key, model::encode, prefixes);
    }

    /**
     * Model {@code name} as langchain4j's own in-process embedding model runs it (one text per run, each text
     * tokenized three times): the reference {@link #load}'s vectors are checked against, in the tests and in
     * bench/encoder.sh. Loads a second copy of the model, held by langchain4j for the life of the process.
     */
    public static OnnxSentenceEncoder langchain4j(String name) {
        ModelLibrariesOffline.requireOffline();
        String key = name.toLowerCase(Locale.ROOT);
        Prefixes prefixes = prefixes(key);
        EmbeddingModel model = switch (key) {
            case "all-minilm-l6-v2-q" -> new AllMiniLmL6V2QuantizedEmbeddingModel();
            case "bge-small-en-v15-q" -> new BgeSmallEnV15QuantizedEmbeddingModel();
            case "e5-small-v2-q" -> new E5SmallV2QuantizedEmbeddingModel();
            default -> throw unknown(name);
        };
        return new OnnxSentenceEncoder(
                key,
                texts -> model.embedAll(texts.stream().map(TextSegment::from).toList()).content().stream()
                        .map(Embedding::vector)
                        .toArray(float[][]::new),
                prefixes);
    }

    private static IllegalArgumentException unknown(String name) {
        return new IllegalArgumentException("unknown sentence-embedding model '" + name + "'");
    }

    @Override
    public float[][] encode(List<String> texts) {
        if (texts.isEmpty()) return new float[0][];
        float[][] vectors = model.apply(texts);
        for (int i = 0; i < vectors.length; i++) vectors[i] = unit(vectors[i]);
        return vectors;
    }

    private static float[] unit(float[] v) {
        double norm = 0;
        for (float x : v) norm += x * x;
        norm = Math.sqrt(norm);
        if (norm == 0) return v;
        float[] u = new float[v.length];
        for (int i = 0; i < v.length; i++) u[i] = (float) (v[i] / norm);
        return u;
    }
}
