package dev.caravan.rank;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * A BERT-family sentence-embedding model run directly on ONNX Runtime, with the model file and tokenizer that
 * langchain4j ships in its model jars, giving langchain4j's vectors (same tokens, same pooling) with less work per
 * text: each text is tokenized once (langchain4j tokenizes it three times), and the texts of one call run side by side,
 * one per core, each in a single thread, with no thread spinning.
 *
 * <p>Why one thread per text and not every core per text: a passage is short (tens of tokens), so splitting each of its
 * matrix products over both cores left the cores waiting on each other between the products. On this project's 2-core
 * machine, ranking a research-kit query (bench/research.sh, check half) took a median 199 to 248 ms with two texts side
 * by side against 278 to 309 ms with both cores on each text, in alternating runs (docs/benchmarks.md); each text's
 * vector is the same either way.
 *
 * <p>Each text runs alone, unpadded, by default. The models are dynamically quantized: every matrix product scales its
 * input to 8 bits by the minimum and maximum of the whole input tensor, so texts run together, or one text padded,
 * share a scale and come out measurably different (up to 0.05 in a component of the unit vector, cosine down to 0.96
 * over 2,000 passages in bench/encoder.sh). {@code textsPerRun} above 1 pads and batches texts of similar length, for
 * comparison only.
 *
 * <p>Thread-safe: ONNX Runtime sessions and the tokenizer may be used by several threads at once.
 */
final class BertSentenceModel {

    /** How the token vectors become one sentence vector. */
    enum Pooling {
        /** The first token's vector ([CLS]). */
        CLS,
        /** The mean of every token's vector, [CLS] and [SEP] included. */
        MEAN
    }

    private static final String TOKEN_TYPE_IDS = "token_type_ids";

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final boolean wantsTokenTypes;
    private final HuggingFaceTokenizer tokenizer;
    private final Pooling pooling;
    private final int textsPerRun;
    /** How many texts run side by side (one per core), when each text runs alone. */
    private final int sideBySide;
    /** The threads that run texts beside the caller's thread ({@link #sideBySide} - 1 of them), or null. */
    private final ExecutorService helpers;

    private BertSentenceModel(
            OrtEnvironment environment,
            OrtSession session,
            HuggingFaceTokenizer tokenizer,
            Pooling pooling,
            int textsPerRun) {
        this.environment = environment;
        this.session = session;
        this.wantsTokenTypes = session.getInputNames().contains(TOKEN_TYPE_IDS);
        this.tokenizer = tokenizer;
        this.pooling = pooling;
        this.textsPerRun = textsPerRun;
        this.sideBySide = textsPerRun == 1 ? Runtime.getRuntime().availableProcessors() : 1;
        this.helpers = sideBySide > 1 ? Executors.newFixedThreadPool(sideBySide - 1, BertSentenceModel::helper) : null;
    }

    /** How many texts of one call run at the same time: one per core when each runs alone, else 1 (batches). */
    int sideBySide() {
        return sideBySide;
    }

    private static Thread helper(Runnable work) {
        Thread t = new Thread(work, "sentence-encoder");
        t.setDaemon(true); // the model lives as long as the process; its idle threads must not keep it alive
        return t;
    }

    /**
     * Loads the ONNX model and the HuggingFace tokenizer file from class-path resources (the langchain4j model jars
     * hold them at their root). The tokenizer is made as langchain4j makes it: no padding, and truncation to the
     * file's own maximum (128 tokens for all-MiniLM-L6-v2) or else to 512 tokens, [CLS] and [SEP] included.
     *
     * @param textsPerRun 1 for langchain4j's vectors; more only to measure what batching would change
     */
    static BertSentenceModel fromClassPath(String model, String tokenizerFile, Pooling pooling, int textsPerRun) {
        if (textsPerRun < 1) throw new IllegalArgumentException("textsPerRun must be at least 1: " + textsPerRun);
        ModelLibrariesOffline.requireOffline(); // before the tokenizer class loads: it would call home
        ClassLoader loader = BertSentenceModel.class.getClassLoader();
        try (InputStream modelIn = resource(loader, model);
                InputStream tokenizerIn = resource(loader, tokenizerFile)) {
            HuggingFaceTokenizer tokenizer = HuggingFaceTokenizer.newInstance(tokenizerIn, Map.of("padding", "false"));
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
                // one text alone runs in one thread (texts run side by side instead); padded batches use every core
                options.setIntraOpNumThreads(
                        textsPerRun == 1 ? 1 : Runtime.getRuntime().availableProcessors());
                // idle pool threads sleep instead of spinning: on the shared 2-core machine, spinning made each text
                // take 3 to 5 times as long (wall clock), stealing the cores the other threads were waiting for
                options.addConfigEntry("session.intra_op.allow_spinning", "0");
                OrtSession session = environment.createSession(modelIn.readAllBytes(), options);
                return new BertSentenceModel(environment, session, tokenizer, pooling, textsPerRun);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the sentence-embedding model " + model, e);
        } catch (OrtException e) {
            throw new IllegalStateException("cannot load the sentence-embedding model " + model, e);
        }
    }

    private static InputStream resource(ClassLoader loader, String name) {
        InputStream in = loader.getResourceAsStream(name);
        if (in == null) throw new IllegalStateException(name + " is not on the class path");
        return in;
    }

    /**
     * One vector per text, in order, as the model gives it (not normalized).
     *
     * @throws IllegalArgumentException when a text has no tokens (empty or whitespace), as langchain4j does
     */
    float[][] encode(List<String> texts) {
        long[][] ids = new long[texts.size()][];
        for (int i = 0; i < ids.length; i++) {
            // [CLS] tokens [SEP], truncated as langchain4j's are. langchain4j then rebuilds the text from the tokens
            // and tokenizes it again (twice), which gives the same tokens back for these WordPiece tokenizers.
            ids[i] = tokenizer.encode(texts.get(i), true, false).getIds();
            if (ids[i].length <= 2) throw new IllegalArgumentException("Cannot embed empty or whitespace-only text");
        }
        // similar lengths run together, so that batches (when textsPerRun > 1) carry little padding
        int[] order = IntStream.range(0, ids.length)
                .boxed()
                .sorted(Comparator.comparingInt(i -> ids[i].length))
                .mapToInt(Integer::intValue)
                .toArray();
        float[][] vectors = new float[ids.length][];
        if (helpers != null && ids.length > 1) return sideBySide(order, ids, vectors);
        try {
            for (int from = 0; from < order.length; from += textsPerRun) {
                int[] run = Arrays.copyOfRange(order, from, Math.min(order.length, from + textsPerRun));
                float[][] pooled = run(run, ids);
                for (int k = 0; k < run.length; k++) vectors[run[k]] = pooled[k];
            }
        } catch (OrtException e) {
            throw new IllegalStateException("the sentence-embedding model failed", e);
        }
        return vectors;
    }

    /**
     * Runs each text alone, {@link #sideBySide} at a time: the caller's thread and the helpers each take the next text
     * not yet taken, longest first, until none is left.
     */
    private float[][] sideBySide(int[] order, long[][] ids, float[][] vectors) {
        AtomicInteger next = new AtomicInteger(order.length);
        Callable<Void> work = () -> {
            for (int k = next.decrementAndGet(); k >= 0; k = next.decrementAndGet())
                vectors[order[k]] = run(new int[] {order[k]}, ids)[0];
            return null;
        };
        List<Future<Void>> beside = new ArrayList<>(sideBySide - 1);
        for (int i = 1; i < sideBySide; i++) beside.add(helpers.submit(work));
        try {
            work.call();
            for (Future<Void> f : beside) f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the sentence-embedding model ran", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the sentence-embedding model failed", e.getCause());
        } catch (Exception e) {
            throw new IllegalStateException("the sentence-embedding model failed", e);
        } finally {
            next.set(-1); // on failure, the helpers stop after their current text
        }
        return vectors;
    }

    /** Runs the texts {@code which} (indexes into {@code ids}) in one session run, padded to the longest. */
    private float[][] run(int[] which, long[][] ids) throws OrtException {
        int rows = which.length;
        int width = 0;
        for (int i : which) width = Math.max(width, ids[i].length);
        long[] inputIds = new long[rows * width]; // padding id 0 is [PAD]
        long[] mask = new long[rows * width];
        for (int k = 0; k < rows; k++) {
            long[] row = ids[which[k]];
            System.arraycopy(row, 0, inputIds, k * width, row.length);
            Arrays.fill(mask, k * width, k * width + row.length, 1L);
        }
        long[] shape = {rows, width};
        try (OnnxTensor idTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(inputIds), shape);
                OnnxTensor maskTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape);
                OnnxTensor typeTensor = wantsTokenTypes
                        ? OnnxTensor.createTensor(environment, LongBuffer.wrap(new long[rows * width]), shape)
                        : null) {
            Map<String, OnnxTensor> inputs = new HashMap<>();
            inputs.put("input_ids", idTensor);
            inputs.put("attention_mask", maskTensor);
            if (typeTensor != null) inputs.put(TOKEN_TYPE_IDS, typeTensor);
            try (OrtSession.Result result = session.run(inputs)) {
                OnnxTensor hidden = (OnnxTensor) result.get(0); // last_hidden_state [rows, width, dimensions]
                long[] outShape = hidden.getInfo().getShape();
                int dimensions = (int) outShape[2];
                FloatBuffer values = hidden.getFloatBuffer();
                float[][] pooled = new float[rows][];
                for (int k = 0; k < rows; k++)
                    pooled[k] = pool(values, k * width * dimensions, ids[which[k]].length, dimensions);
                return pooled;
            }
        }
    }

    /** Pools {@code tokens} token vectors starting at {@code offset}, summing in token order as langchain4j does. */
    private float[] pool(FloatBuffer values, int offset, int tokens, int dimensions) {
        float[] v = new float[dimensions];
        if (pooling == Pooling.CLS) {
            values.get(offset, v);
            return v;
        }
        for (int t = 0; t < tokens; t++) {
            int base = offset + t * dimensions;
            for (int d = 0; d < dimensions; d++) v[d] += values.get(base + d);
        }
        for (int d = 0; d < dimensions; d++) v[d] /= tokens;
        return v;
    }
}
