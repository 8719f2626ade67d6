package dev.caravan.config;

import dev.caravan.answer.AnswerChecker;
import dev.caravan.answer.AnswerSettings;
import dev.caravan.answer.Answerer;
import dev.caravan.answer.ChatClient;
import dev.caravan.answer.Entailment;
import dev.caravan.answer.ModelBudget;
import dev.caravan.answer.OnnxEntailment;
import dev.caravan.fetch.guard.SingleHostGuard;
import dev.caravan.model.DailyCounts;
import dev.caravan.rank.OnnxSentenceEncoder;
import dev.caravan.rank.SentenceEncoder;
import dev.caravan.search.SearchHttp;
import dev.caravan.search.SearchProviderRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.Timeout;
import org.jspecify.annotations.Nullable;

/**
 * Builds the optional answer step from the {@code research.llm.*} keys: the model's client, on a connection pool of
 * its own whose only reachable server is {@code research.llm.base-url} ({@link SingleHostGuard}), its budget and its
 * checker. With no base URL nothing is built and nothing connects. The key comes from {@code LLM_API_KEY} only and is
 * never logged.
 */
public final class AnswerModel {

    /** The environment variable the model server's key is read from. */
    public static final String KEY_VARIABLE = "LLM_API_KEY";

    /**
     * The answer step and what it needs, or nothing when no model is configured.
     *
     * @param connections the model client's own connection pool, to close at shutdown
     */
    public record Built(Answerer answerer, ModelBudget budget, PoolingHttpClientConnectionManager connections) {}

    private AnswerModel() {}

    /** The settings, checked; a bad value fails naming its key. */
    public static AnswerSettings settings(PropertyReader props) {
        String baseUrl = props.orEmpty("research.llm.base-url");
        String model = props.orEmpty("research.llm.model");
        if (!baseUrl.isEmpty()) {
            try {
                SingleHostGuard.of(baseUrl);
            } catch (IllegalArgumentException e) {
                throw PropertyReader.notAllowed(
                        "research.llm.base-url",
                        baseUrl,
                        e.getMessage() + "; give the API's base URL, e.g. http://localhost:11434/v1");
            }
            if (model.isEmpty()) {
                throw PropertyReader.notAllowed(
                        "research.llm.model",
                        model,
                        "research.llm.base-url is set, so give the model's name as the server knows it, e.g. qwen2.5:7b");
            }
        }
        return new AnswerSettings(
                baseUrl,
                model,
                props.longIn("research.llm.timeout-ms", 100, 30 * 60_000, "milliseconds"),
                props.intIn("research.llm.max-tokens", 16, 100_000, "tokens"),
                props.flag("research.llm.answer"),
                new ModelBudget.Limits(
                        props.intIn("research.llm.calls-per-job", 0, 1_000_000, "calls"),
                        props.longIn("research.llm.tokens-per-job", 0, 1_000_000_000L, "tokens"),
                        props.intIn("research.llm.calls-per-day", 0, 10_000_000, "calls"),
                        props.longIn("research.llm.tokens-per-day", 0, 100_000_000_000L, "tokens")),
                props.doubleIn("research.llm.min-similarity", 0, 1),
                props.doubleIn("research.llm.min-entailment", 0, 1));
    }

    /** The answer step, or empty when {@code research.llm.base-url} is not set. */
    public static Optional<Built> build(
            PropertyReader props,
            Function<String, String> env,
            String userAgent,
            Path outputDir,
            SearchProviderRegistry.BreakerSettings breaker,
            Clock clock) {
        AnswerSettings settings = settings(props);
        if (!settings.enabled()) return Optional.empty();
        SingleHostGuard guard = SingleHostGuard.of(settings.baseUrl());
        PoolingHttpClientConnectionManager connections = PoolingHttpClientConnectionManagerBuilder.create()
                .setDnsResolver(guard)
                .setMaxConnTotal(4)
                .setMaxConnPerRoute(4)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.ofMilliseconds(settings.timeoutMs()))
                        .setSocketTimeout(Timeout.ofMilliseconds(settings.timeoutMs()))
                        .build())
                .build();
        String key = env.apply(KEY_VARIABLE);
        ChatClient client = new ChatClient(
                settings.baseUrl(),
                settings.model(),
                key == null ? "" : key.strip(),
                settings.timeoutMs(),
                settings.maxTokens(),
                new SearchHttp(connections, userAgent).sender(),
                guard,
                new SearchProviderRegistry.BreakerSettings(
                                props.intIn("research.llm.breaker-min-calls", 1, 1000, "calls"),
                                props.longIn("research.llm.breaker-open-seconds", 1, 86_400, "seconds"))
                        .breaker("answer-model-breaker"));
        ModelBudget budget = new ModelBudget(
                settings.limits(),
                outputDir.resolve(props.plainFileName("research.llm.daily-usage-file")),
                onCorruptFile(props),
                clock);
        return Optional.of(
                new Built(new Answerer(client, checker(props, settings), settings.byDefault()), budget, connections));
    }

    /**
     * The checks of every sentence: citations, facts, similarity under {@code research.report.model} (the model the
     * findings were ranked with, loaded once per process) unless it is {@code none}, and entailment when
     * {@code research.llm.nli-model} is set.
     */
    public static AnswerChecker checker(PropertyReader props, AnswerSettings settings) {
        String encoderName = props.string("research.report.model").strip();
        Optional<SentenceEncoder> encoder = encoderName.equalsIgnoreCase("none")
                ? Optional.empty()
                : Optional.of(OnnxSentenceEncoder.load(encoderName));
        return new AnswerChecker(
                encoder,
                encoderName,
                settings.minSimilarity(),
                entailment(props.orEmpty("research.llm.nli-model")),
                settings.minEntailment());
    }

    /** The one startup line about answers: off, or the model, its server, when it answers and what is checked. */
    public static String statusLine(
            AnswerSettings settings, @Nullable Answerer answerer, String encoderName, Function<String, String> env) {
        if (!settings.enabled() || answerer == null)
            return "answers: off (research.llm.base-url is not set; nothing is sent to a model)";
        return "answers: model " + settings.model() + " at "
                + SingleHostGuard.of(settings.baseUrl()).endpoint()
                + (settings.byDefault() ? ", for every query" : ", only for queries that ask (\"answer\": true)")
                + "; sentences checked for citations, facts"
                + (encoderName.equalsIgnoreCase("none") ? "" : " and similarity (" + encoderName + ")") + "; "
                + KEY_VARIABLE
                + (env.apply(KEY_VARIABLE) == null || env.apply(KEY_VARIABLE).isBlank()
                        ? " not set (no key sent)"
                        : " set");
    }

    private static Optional<Entailment> entailment(String folder) {
        if (folder.isEmpty()) return Optional.empty();
        try {
            return Optional.of(OnnxEntailment.load(Path.of(folder)));
        } catch (RuntimeException e) {
            throw PropertyReader.notAllowed("research.llm.nli-model", folder, e.getMessage());
        }
    }

    private static DailyCounts.OnCorruptFile onCorruptFile(PropertyReader props) {
        String key = "research.llm.usage-on-corrupt-file";
        String value = props.string(key).strip().toLowerCase(Locale.ROOT);
        return switch (value) {
            case "spent" -> DailyCounts.OnCorruptFile.SPENT;
            case "reset" -> DailyCounts.OnCorruptFile.RESET;
            default ->
                throw PropertyReader.notAllowed(
                        key, value, "give spent (the day counts as used up) or reset (the day counts from 0)");
        };
    }
}
