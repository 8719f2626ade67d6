package dev.caravan.rank;

import java.util.function.UnaryOperator;

/**
 * Keeps the embedding model's libraries from reaching the network. The tokenizer library under langchain4j (DJL's
 * HuggingFace tokenizers) "calls home" each time a tokenizer is made ({@code ai.djl.util.Ec2Utils.callHome}): it reads
 * the cloud instance id and region from 169.254.169.254 and, on a cloud machine, reports them to a third party. Its
 * native-library loader may also download a missing library.
 *
 * <p>DJL's own source decides both with {@code Utils.getEnvOrSystemProperty}: an environment variable wins over the
 * system property of the same name. {@code callHome} returns before any request when offline mode is on
 * ({@code DJL_OFFLINE}, else the system property {@code ai.djl.offline}) or tracking is opted out
 * ({@code OPT_OUT_TRACKING}). Offline mode is the one that also stops downloads, so it is the one Caravan relies on;
 * it sets both, in code, before any DJL class is loaded, for every entry point ({@code App}, the bench commands, the
 * tests: each goes through {@link OnnxSentenceEncoder}, which calls {@link #apply()} first). An operator's environment
 * variable that turns both back off would re-enable the call, so that is refused at startup instead.
 */
public final class ModelLibrariesOffline {

    static final String OFFLINE = "ai.djl.offline";
    static final String OFFLINE_ENV = "DJL_OFFLINE";
    static final String OPT_OUT = "OPT_OUT_TRACKING";

    private ModelLibrariesOffline() {}

    /** Sets DJL's offline mode and tracking opt-out as system properties. Call it before any DJL class loads. */
    public static void apply() {
        System.setProperty(OFFLINE, "true");
        System.setProperty(OPT_OUT, "true");
    }

    /**
     * Checks, before a model is loaded, that the library will not call home.
     *
     * @throws IllegalStateException when the environment turns both offline mode and the opt-out back off
     */
    public static void requireOffline() {
        apply();
        String problem = problem(System::getenv, System::getProperty);
        if (problem != null) throw new IllegalStateException(problem);
    }

    /**
     * Why the tokenizer library would still call home with this environment and these system properties, or null
     * when it would not. Mirrors DJL's own checks: the environment variable first, then the system property.
     */
    static String problem(UnaryOperator<String> env, UnaryOperator<String> properties) {
        String offline = firstSet(env.apply(OFFLINE_ENV), properties.apply(OFFLINE));
        String optOut = firstSet(env.apply(OPT_OUT), properties.apply(OPT_OUT));
        if (isTrue(offline) || isTrue(optOut)) return null;
        return "the environment sets " + OFFLINE_ENV + "=" + quoted(env.apply(OFFLINE_ENV)) + " and " + OPT_OUT + "="
                + quoted(env.apply(OPT_OUT))
                + ", which would let the embedding model's tokenizer library contact the cloud metadata address "
                + "169.254.169.254 and report to its telemetry endpoint; unset them (Caravan turns both on itself), "
                + "or run lexical-only with research.report.model=none";
    }

    private static String firstSet(String fromEnv, String fromProperty) {
        return fromEnv != null ? fromEnv : fromProperty;
    }

    private static boolean isTrue(String value) {
        return Boolean.parseBoolean(value); // as DJL reads it: "true" in any case, nothing else
    }

    private static String quoted(String value) {
        return value == null ? "(unset)" : "'" + value + "'";
    }
}
