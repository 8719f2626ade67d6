package dev.caravan.rank;

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

/**
 * A sentence-embedding model that runs in this process with ONNX Runtime, loaded from a jar on the classpath: no
 * download, no API key. The only class that knows langchain4j, so lexical-only mode never loads it. Thread-safe.
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

    private final EmbeddingModel model;

    private final Prefixes prefixes;

    private OnnxSentenceEncoder(EmbeddingModel model, Prefixes prefixes) {
        this.model = model;
        this.prefixes = prefixes;
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
        ModelLibrariesOffline.requireOffline();
        Prefixes prefixes = prefixes(name);
        EmbeddingModel model = switch (name) {
            case "all-minilm-l6-v2-q" -> new AllMiniLmL6V2QuantizedEmbeddingModel();
            case "bge-small-en-v15-q" -> new BgeSmallEnV15QuantizedEmbeddingModel();
            case "e5-small-v2-q" -> new E5SmallV2QuantizedEmbeddingModel();
            default -> throw unknown(name);
        };
        return new OnnxSentenceEncoder(model, prefixes);
    }

    private static IllegalArgumentException unknown(String name) {
        return new IllegalArgumentException("unknown sentence-embedding model '" + name + "'");
    }

    @Override
    public float[][] encode(List<String> texts) {
        if (texts.isEmpty()) return new float[0][];
        List<Embedding> embeddings =
                model.embedAll(texts.stream().map(TextSegment::from).toList()).content();
        float[][] vectors = new float[embeddings.size()][];
        for (int i = 0; i < vectors.length; i++)
            vectors[i] = unit(embeddings.get(i).vector());
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
