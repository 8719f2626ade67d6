package dev.caravan.pipeline;

import dev.caravan.answer.ModelBudget;
import dev.caravan.messaging.JmsOrigin;
import dev.caravan.model.Job;
import dev.caravan.model.LogText;
import dev.caravan.search.SearchBudget;
import org.jspecify.annotations.Nullable;

/**
 * The message body of the job stage: one job on its way from intake to its reports. A job that could not be read has
 * no {@code job}; a job fails when one of its queries fails, and its queries not yet started are then skipped.
 *
 * @param job the job, or null when its input could not be read as a job
 * @param source where it came from: {@code file}, {@code jms} or {@code schedule <name>}
 * @param input the file name or message ID, for messages about it
 * @param origin the JMS message it came from, or null
 * @param budget its search and page budget, or null when it could not be read
 * @param modelBudget what the answer model may spend on it, or null when no model is configured or it could not be
 *     read
 * @param state what its running queries share: failure, search order, job slot
 * @param summary the one-line summary, once finished
 */
public record JobRun(
        @Nullable Job job,
        String source,
        String input,
        @Nullable JmsOrigin origin,
        @Nullable SearchBudget.Job budget,
        ModelBudget.@Nullable Job modelBudget,
        JobState state,
        String summary) {

    static JobRun unreadable(String source, String input, @Nullable JmsOrigin origin, Throwable why) {
        return new JobRun(null, source, input, origin, null, null, JobState.failed(why), "");
    }

    public boolean readable() {
        return job != null;
    }

    public boolean failed() {
        return state.failure() != null;
    }

    public boolean fromJms() {
        return origin != null;
    }

    JobRun withSummary(String text) {
        return new JobRun(job, source, input, origin, budget, modelBudget, state, text);
    }

    public String folder() {
        return job == null ? input : job.folder();
    }

    /** How many queries the job has, for its log line: {@code 1 query}, {@code 3 queries}. */
    public String queryCount() {
        return LogText.count(job().queries().size(), "query", "queries");
    }

    /** The folder as it may appear in a log line (a file name may hold any character). */
    public String logName() {
        return LogText.safe(folder());
    }
}
