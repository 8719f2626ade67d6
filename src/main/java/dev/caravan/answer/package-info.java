/**
 * The optional written answer: the findings of a query (never its pages) go to an OpenAI-compatible chat model
 * ({@link dev.caravan.answer.ChatClient}, within {@link dev.caravan.answer.ModelBudget}), and each sentence it writes
 * is checked against the findings it cites ({@link dev.caravan.answer.AnswerChecker}) before it is shown. Off unless
 * {@code research.llm.base-url} is set.
 *
 * <p>May depend on {@code model}, {@code text}, {@code fetch.guard} (the model host's guard), {@code search} (its HTTP
 * sender, key redaction and circuit breaker settings) and {@code rank} (the sentence-embedding model); no Camel types.
 */
@NullMarked
package dev.caravan.answer;

import org.jspecify.annotations.NullMarked;
