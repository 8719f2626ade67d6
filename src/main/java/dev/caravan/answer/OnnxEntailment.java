package dev.caravan.answer;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.rank.ModelLibrariesOffline;
import java.io.IOException;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * An entailment (NLI) model an operator provides, run in this process with ONNX Runtime: a folder holding
 * {@code model.onnx} (a sequence-pair classifier taking {@code input_ids}, {@code attention_mask} and, if it has one,
 * {@code token_type_ids}, and giving one row of logits), its {@code tokenizer.json} (Hugging Face tokenizers) and its
 * {@code config.json}, whose {@code id2label} names the entailment label. Nothing is downloaded. Thread-safe (ONNX
 * Runtime sessions and the tokenizer may be shared).
 */
public final class OnnxEntailment implements Entailment {

    static {
        ModelLibrariesOffline.apply(); // before the tokenizer library loads: it must not call home
    }

    /** Longest premise and hypothesis together, in tokens; the premise is cut first. */
    static final int MAX_TOKENS = 512;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final OrtEnvironment env;
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;
    private final int entailmentIndex;

    private OnnxEntailment(OrtEnvironment env, OrtSession session, HuggingFaceTokenizer tokenizer, int index) {
        this.env = env;
        this.session = session;
        this.tokenizer = tokenizer;
        this.entailmentIndex = index;
    }

    /**
     * Loads the model in {@code folder}.
     *
     * @throws IllegalArgumentException saying what is missing or wrong
     */
    public static OnnxEntailment load(Path folder) {
        ModelLibrariesOffline.requireOffline();
        Path model = folder.resolve("model.onnx");
        Path tokenizerFile = folder.resolve("tokenizer.json");
        Path config = folder.resolve("config.json");
        for (Path p : new Path[] {model, tokenizerFile, config}) {
            if (!Files.isRegularFile(p))
                throw new IllegalArgumentException("the folder needs model.onnx, tokenizer.json and config.json; "
                        + p.getFileName() + " is missing");
        }
        int index = entailmentIndex(config);
        try {
            Map<String, String> options = new HashMap<>();
            options.put("truncation", "true");
            options.put("maxLength", Integer.toString(MAX_TOKENS));
            HuggingFaceTokenizer tokenizer = HuggingFaceTokenizer.newInstance(tokenizerFile, options);
            OrtEnvironment env = OrtEnvironment.getEnvironment();
            OrtSession session = env.createSession(model.toString(), new OrtSession.SessionOptions());
            if (!session.getInputNames().contains("input_ids"))
                throw new IllegalArgumentException(
                        "model.onnx has no input_ids input; inputs: " + session.getInputNames());
            return new OnnxEntailment(env, session, tokenizer, index);
        } catch (IOException | OrtException e) {
            throw new IllegalArgumentException("the model could not be loaded (" + e.getMessage() + ")", e);
        }
    }

    /** The index of the entailment label in {@code config.json}'s {@code id2label}. */
    static int entailmentIndex(Path config) {
        JsonNode labels;
        try {
            labels = JSON.readTree(config.toFile()).path("id2label");
        } catch (IOException e) {
            throw new IllegalArgumentException("config.json could not be read (" + e.getMessage() + ")", e);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = labels.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> label = it.next();
            String name = label.getValue().asText("").toLowerCase(Locale.ROOT);
            if (name.startsWith("entail")) {
                try {
                    return Integer.parseInt(label.getKey());
                } catch (NumberFormatException e) {
                    break;
                }
            }
        }
        throw new IllegalArgumentException("config.json has no id2label entry for entailment: " + labels);
    }

    @Override
    public double probability(String premise, String hypothesis) {
        Encoding encoding = tokenizer.encode(premise, hypothesis);
        long[] ids = encoding.getIds();
        long[] shape = {1, ids.length};
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try {
            inputs.put("input_ids", OnnxTensor.createTensor(env, LongBuffer.wrap(ids), shape));
            if (session.getInputNames().contains("attention_mask"))
                inputs.put(
                        "attention_mask",
                        OnnxTensor.createTensor(env, LongBuffer.wrap(encoding.getAttentionMask()), shape));
            if (session.getInputNames().contains("token_type_ids"))
                inputs.put(
                        "token_type_ids", OnnxTensor.createTensor(env, LongBuffer.wrap(encoding.getTypeIds()), shape));
            try (OrtSession.Result result = session.run(inputs)) {
                float[] logits = ((float[][]) result.get(0).getValue())[0];
                return softmax(logits)[entailmentIndex];
            }
        } catch (OrtException e) {
            throw new IllegalStateException("the entailment model failed: " + e.getMessage(), e);
        } finally {
            inputs.values().forEach(OnnxTensor::close);
        }
    }

    static double[] softmax(float[] logits) {
        double max = Double.NEGATIVE_INFINITY;
        for (float l : logits) max = Math.max(max, l);
        double sum = 0;
        double[] p = new double[logits.length];
        for (int i = 0; i < logits.length; i++) {
            p[i] = Math.exp(logits[i] - max);
            sum += p[i];
        }
        for (int i = 0; i < p.length; i++) p[i] /= sum;
        return p;
    }
}
