package dev.caravan.answer;

import dev.caravan.model.Answer;
import dev.caravan.model.Finding;
import dev.caravan.model.LogText;
import dev.caravan.model.Query;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The answer step: sends a query's findings (not its pages) to the answer model, reads the sentences it writes, and
 * keeps only those that pass {@link AnswerChecker}. A failure of any kind (timeout, 429, 5xx, a reply that is not the
 * JSON asked for even after one repair request, a budget spent) is an answer with no sentences and a one-line note
 * saying why: the report stays as it is without an answer. Never throws. Thread-safe.
 */
public final class Answerer {

    private final ChatClient client;
    private final AnswerChecker checker;
    private final boolean byDefault;

    /** @param byDefault whether a query that does not say ({@code "answer"}) is answered */
    public Answerer(ChatClient client, AnswerChecker checker, boolean byDefault) {
        this.client = client;
        this.checker = checker;
        this.byDefault = byDefault;
    }

    /** Whether {@code query} is answered: its own {@code answer}, else the configured default; never without text. */
    public boolean wanted(Query query) {
        return query.searches() && (query.answer() == null ? byDefault : query.answer());
    }

    public String model() {
        return client.model();
    }

    /** The checked answer to {@code query} from its findings, numbered from 1 as in the report. */
    public Answer answer(String query, List<Finding> findings, ModelBudget.Job budget) {
        try {
            return ask(query, findings, budget);
        } catch (RuntimeException e) {
            return Answer.none(
                    model(),
                    "the answer step failed (" + LogText.safe(String.valueOf(e.getMessage()), 200) + ")",
                    Answer.Usage.NONE);
        }
    }

    private Answer ask(String query, List<Finding> findings, ModelBudget.Job budget) {
        if (findings.isEmpty()) return Answer.none(model(), "there is no finding to answer from", Answer.Usage.NONE);
        AnswerPrompt.Prompt prompt = AnswerPrompt.of(query, findings);
        Answer.Usage usage = Answer.Usage.NONE;
        Call first = call(prompt, budget);
        usage = usage.plus(first.usage);
        if (first.failure != null) return Answer.none(model(), first.failure, usage);
        Optional<List<AnswerChecker.Proposed>> sentences = ReplyParser.parse(first.content);
        if (sentences.isEmpty()) {
            Call repair = call(AnswerPrompt.repair(prompt, first.content), budget);
            usage = usage.plus(repair.usage);
            if (repair.failure != null) {
                return Answer.none(
                        model(),
                        "the model's reply was not the JSON asked for, and the repair request failed: "
                                + repair.failure,
                        usage);
            }
            sentences = ReplyParser.parse(repair.content);
            if (sentences.isEmpty()) {
                return Answer.none(
                        model(), "the model's reply was not the JSON asked for, even after one repair request", usage);
            }
        }
        return checker.answer(model(), findings, sentences.get(), usage);
    }

    private record Call(@Nullable String content, @Nullable String failure, Answer.Usage usage) {}

    private Call call(AnswerPrompt.Prompt prompt, ModelBudget.Job budget) {
        long most = (prompt.chars() + 3) / 4 + client.maxTokens();
        Optional<String> refused = budget.take(most);
        if (refused.isPresent()) return new Call(null, refused.get(), Answer.Usage.NONE);
        ChatClient.Result result = client.complete(prompt.messages());
        Answer.Usage usage = new Answer.Usage(result.calls(), result.promptTokens(), result.completionTokens());
        budget.spent(usage.tokens(), Math.max(0, result.calls() - 1));
        return result.ok() ? new Call(result.content(), null, usage) : new Call(null, result.failure(), usage);
    }
}
