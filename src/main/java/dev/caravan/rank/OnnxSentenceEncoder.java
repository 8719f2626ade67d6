package dev.caravan.rank;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
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
    public static final List<String> MODELS = List.of("all-minilm-l6-v2-q");

    private final EmbeddingModel model;

    private final String queryPrefix;

    private OnnxSentenceEncoder(EmbeddingModel model, String queryPrefix) {
        this.model = model;
        this.queryPrefix = queryPrefix;
    }

    @Override
    public String queryText(String query) {
        return queryPrefix + query;
    }

    /** One loaded model per name and process: loading takes about a second and the model is immutable. */
    private static final Map<String, OnnxSentenceEncoder> LOADED = new ConcurrentHashMap<>();

    /** The model {@code name} (one of {@link #MODELS}), loaded on first use (about a second), then shared. */
    public static OnnxSentenceEncoder load(String name) {
        return LOADED.computeIfAbsent(name.toLowerCase(Locale.ROOT), OnnxSentenceEncoder::create);
    }

    private static OnnxSentenceEncoder create(String name) {
        ModelLibrariesOffline.requireOffline();
        return switch (name) {
            case "all-minilm-l6-v2-q" -> new OnnxSentenceEncoder(new AllMiniLmL6V2QuantizedEmbeddingModel(), "");
            default -> throw new IllegalArgumentException("unknown sentence-embedding model '" + name + "'");
        };
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
