package dev.caravan.answer;

import java.util.Objects;

/**
 * Typed answer settings ({@code research.llm.*}), validated once at startup.
 *
 * @param baseUrl the OpenAI-compatible API, e.g. {@code http://localhost:11434/v1}; empty: no answers, no connection
 * @param model the model's name as the server knows it
 * @param timeoutMs connect and response timeout of one call
 * @param maxTokens most tokens the model may write in one call
 * @param byDefault whether a query that does not say is answered
 * @param limits calls and tokens per job and per day
 * @param minSimilarity the least similarity check (c) accepts
 * @param minEntailment the least entailment probability check (d) accepts
 */
public record AnswerSettings(
        String baseUrl,
        String model,
        long timeoutMs,
        int maxTokens,
        boolean byDefault,
        ModelBudget.Limits limits,
        double minSimilarity,
        double minEntailment) {

    public AnswerSettings {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
    }

    /** True when a base URL is set: answers may be written. */
    public boolean enabled() {
        return !baseUrl.isBlank();
    }
}
