package dev.caravan.answer;

/**
 * An entailment (NLI) model, for the optional check (d): how likely the premise, the cited passages, entails the
 * hypothesis, the model's sentence. The extension point for an operator's own model; implementations are thread-safe.
 */
public interface Entailment {

    /** The probability, 0 to 1, that {@code premise} entails {@code hypothesis}. */
    double probability(String premise, String hypothesis);
}
