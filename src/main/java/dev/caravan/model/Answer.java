package dev.caravan.model;

import java.util.List;

/**
 * A written answer to one query, from the answer model ({@code research.llm.*}), checked sentence by sentence against
 * the findings each sentence cites. Only the sentences that pass every check are shown; the findings stay as they are.
 *
 * @param model the model's name, as configured
 * @param sentences the sentences that passed every check, in the model's order
 * @param dropped the sentences that failed a check, with the reason
 * @param checks the checks every kept sentence passed, by name ({@link #CITED}, {@link #FACTS}, {@link #SIMILAR},
 *     {@link #ENTAILED})
 * @param notRun the checks that were not run, each with why (e.g. the similarity check without an embedding model)
 * @param similarityRule how check (c) was run, e.g. {@code all-minilm-l6-v2-q, similarity at least 0.60}; empty when
 *     it was not
 * @param note why there is no answer (the model failed, a budget was spent, no findings), one line; empty when the model
 *     answered
 * @param usage what the answer cost
 */
public record Answer(
        String model,
        List<Sentence> sentences,
        List<Dropped> dropped,
        List<String> checks,
        List<String> notRun,
        String similarityRule,
        String note,
        Usage usage) {

    /** Check (a): every citation names a finding that was sent, and there is at least one. */
    public static final String CITED = "cited";
    /** Check (b): every number, date, quantity, name and address of the sentence is in its cited passages. */
    public static final String FACTS = "facts";
    /** Check (c): the sentence is close enough in meaning to its cited passages under the embedding model. */
    public static final String SIMILAR = "similar";
    /** Check (d), optional: an entailment model says the cited passages entail the sentence. */
    public static final String ENTAILED = "entailed";

    public Answer {
        sentences = List.copyOf(sentences);
        dropped = List.copyOf(dropped);
        checks = List.copyOf(checks);
        notRun = List.copyOf(notRun);
    }

    /** No answer, for {@code why}. */
    public static Answer none(String model, String why, Usage usage) {
        return new Answer(model, List.of(), List.of(), List.of(), List.of(), "", why, usage);
    }

    /** True when the model answered (some of its sentences may all have been dropped). */
    public boolean answered() {
        return note.isEmpty();
    }

    /**
     * A sentence that passed every check.
     *
     * @param text the model's sentence
     * @param findings the findings it cites, numbered from 1 in the report's order
     * @param citations the sources of those findings, as a finding's citations are numbered
     * @param passed the checks it passed
     * @param similarity its closeness to its cited passages (0 to 1), or -1 when that check was not run
     */
    public record Sentence(
            String text, List<Integer> findings, List<Integer> citations, List<String> passed, double similarity) {

        public Sentence {
            findings = List.copyOf(findings);
            citations = List.copyOf(citations);
            passed = List.copyOf(passed);
        }
    }

    /**
     * A sentence that failed a check and is not shown.
     *
     * @param text the model's sentence
     * @param findings the citations it gave, as the model wrote them
     * @param check the check it failed first
     * @param reason why, e.g. {@code 1,200 is not in finding 2}
     */
    public record Dropped(String text, List<Integer> findings, String check, String reason) {

        public Dropped {
            findings = List.copyOf(findings);
        }
    }

    /**
     * What an answer cost.
     *
     * @param calls model calls made (a repair request is a second call)
     * @param promptTokens tokens sent, as the server counted them (estimated when it did not say)
     * @param completionTokens tokens written by the model
     */
    public record Usage(int calls, long promptTokens, long completionTokens) {

        public static final Usage NONE = new Usage(0, 0, 0);

        public Usage plus(Usage other) {
            return new Usage(
                    calls + other.calls, promptTokens + other.promptTokens, completionTokens + other.completionTokens);
        }

        public long tokens() {
            return promptTokens + completionTokens;
        }
    }
}
