package dev.caravan.pipeline;

import dev.caravan.answer.ModelBudget;
import dev.caravan.intake.InputFolder;
import dev.caravan.intake.JobFailures;
import dev.caravan.intake.JobFileNames;
import dev.caravan.intake.JobReader;
import dev.caravan.messaging.JmsOrigin;
import dev.caravan.messaging.MessageJobs;
import dev.caravan.model.FailureReasons;
import dev.caravan.model.Job;
import dev.caravan.model.JobFormatException;
import dev.caravan.model.LogText;
import dev.caravan.progress.Progress;
import dev.caravan.report.RunFolders;
import dev.caravan.search.SearchBudget;
import jakarta.jms.Message;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import org.jspecify.annotations.Nullable;

/**
 * The steps of the job stage, one bean method per step of the intake and job routes. A job that cannot be read is not
 * an exception but a failed {@link JobRun}, so every intake disposes of it the same way as a job that failed while
 * running. Thread-safe.
 */
public class JobSteps {

    private final JobReader reader;
    private final InputFolder input;
    private final MessageJobs messages;
    private final JobFailures failures;
    private final SearchBudget budgets;
    private final @Nullable ModelBudget modelBudgets;
    private final Progress progress;
    private final RunFolders runs;
    private final Semaphore slots;

    /**
     * @param modelBudgets what the answer model may spend, or null when no model is configured
     * @param parallelJobs how many jobs may run at once; an intake with one more waits for a slot
     */
    public JobSteps(
            JobReader reader,
            InputFolder input,
            MessageJobs messages,
            JobFailures failures,
            SearchBudget budgets,
            @Nullable ModelBudget modelBudgets,
            Progress progress,
            RunFolders runs,
            int parallelJobs) {
        this.reader = reader;
        this.input = input;
        this.messages = messages;
        this.failures = failures;
        this.budgets = budgets;
        this.modelBudgets = modelBudgets;
        this.progress = progress;
        this.runs = runs;
        this.slots = new Semaphore(parallelJobs, true);
    }

    /**
     * A job dropped into the input folder, by its name there (Camel's {@code CamelFileNameOnly}: its other file
     * headers turn a backslash in the name into a folder separator).
     */
    public JobRun fromFile(String fileName) {
        try {
            Path file = input.path(fileName);
            Job job = reader.read(file.toString());
            // the same file seen again unchanged (after a crash) resumes its run, in the same folder
            String identity = fileName + " " + Files.size(file) + " "
                    + Files.getLastModifiedTime(file).toMillis();
            return started(runs.start(job, runKey("file", fileName, null), identity), "file", fileName, null);
        } catch (IOException e) {
            progress.jobFileFailed(fileName, e, null);
            return JobRun.unreadable("file", fileName, null, e);
        } catch (RuntimeException e) {
            progress.jobFileFailed(fileName, e, null);
            return JobRun.unreadable("file", fileName, null, e);
        }
    }

    /** True when the input folder's entry {@code fileName} may be read as a job (the file intake's filter). */
    public boolean accepts(String fileName) {
        return input.accepts(fileName);
    }

    /** True when the input folder's entry {@code fileName} is refused without being opened, and not yet dealt with. */
    public boolean refusable(String fileName) {
        return input.refusable(fileName);
    }

    /**
     * Moves a refused entry of the input folder to the failed folder with its {@code .error.txt}, or leaves it if it
     * cannot be moved; returns the line to log, or "" when there is nothing (more) to say.
     */
    public String refuse(String stamp, String fileName) {
        return input.refuse(stamp, fileName)
                .map(refused -> {
                    progress.jobFileFailed(fileName, new JobFormatException(refused.reason()), null);
                    return refused.line();
                })
                .orElse("");
    }

    /** Records a hidden file of the input folder, which is never read, and returns the line to log. */
    public String hiddenFileIgnored(String fileName) {
        progress.fileIgnored(fileName, "hidden");
        return InputFolder.hiddenFileLine(fileName);
    }

    /** The log line for a job file that failed, with its name and reason escaped. */
    public String failureLine(JobRun run) {
        return "job " + LogText.quoted(run.input()) + " failed: " + LogText.safe(reason(run));
    }

    /** A job sent as a JMS message (text or bytes holding JSON); other kinds of message fail unread. */
    public JobRun fromMessage(@Nullable Object body, String messageId, String correlationId, String caravanJob) {
        JmsOrigin origin = messages.origin(messageId, correlationId, caravanJob);
        try {
            Job job = messages.read(body, origin);
            // a message redelivered after a crash resumes its run, in the same folder
            String key = runKey("jms", origin.jobSource(), origin);
            return started(runs.start(job, key, origin.messageId()), "jms", origin.jobSource(), origin);
        } catch (RuntimeException e) {
            return JobRun.unreadable("jms", origin.jobSource(), origin, e);
        }
    }

    /** One run of a scheduled job file. */
    public JobRun fromSchedule(String file, String name) {
        try {
            return started(runs.start(reader.readRun(file), null, ""), "schedule " + name, file, null);
        } catch (RuntimeException e) {
            return JobRun.unreadable("schedule " + name, file, null, e);
        }
    }

    private JobRun started(Job job, String source, String input, JmsOrigin origin) {
        slots.acquireUninterruptibly();
        JobRun run = new JobRun(
                job,
                source,
                input,
                origin,
                budgets.forJob(job),
                modelBudgets == null ? null : modelBudgets.forJob(),
                new JobState(slots),
                "");
        progress.jobStarted(job, source);
        return run;
    }

    /** One query-stage body per query, in the job's order. */
    public List<QueryRun> queries(JobRun run) {
        List<QueryRun> queries = new ArrayList<>();
        for (int i = 0; i < run.job().queries().size(); i++)
            queries.add(QueryRun.of(run, i, run.job().queries().get(i)));
        return queries;
    }

    /**
     * What a run is resumed by when the same input comes again before it ended: the file's name, or the JMS message
     * ID; null for a scheduled run (a missed run is not run late).
     */
    static String runKey(String source, String input, JmsOrigin origin) {
        if (origin != null) return "jms:" + origin.messageId();
        return "file".equals(source) ? "file:" + input : null;
    }

    /**
     * The job's input is settled (its file moved, its message acknowledged or dead-lettered, or its scheduled run
     * over): its run is over and will not be resumed. The last step of each intake route.
     */
    public JobRun closeRun(JobRun run) {
        if (run.readable()) runs.finish(run.job(), runKey(run.source(), run.input(), run.origin()));
        return run;
    }

    /** Records the end of a job that ran, failed or not, with its one-line summary. */
    public JobRun finish(JobRun run) {
        if (!run.readable()) return run;
        run.state().release();
        return run.withSummary(progress.jobFinished(run.job(), run.state().failure()));
    }

    /** The name a job file is kept under once its job is done, in the processed or the failed folder. */
    public String storedName(String stamp, String fileName) {
        return JobFileNames.stored(stamp, fileName);
    }

    /**
     * Where a job file goes once its job is done, relative to the input folder: {@code processedDir}, or
     * {@code failedDir} with {@code <storedName>.error.txt} beside it saying why.
     */
    public String fileDestination(JobRun run, String storedName, String processedDir, String failedDir) {
        if (!run.failed()) return processedDir;
        failures.record(storedName, run.state().failure());
        return failedDir;
    }

    /** Why the job failed, in the user's words, for its log line (a provider's text may hold any character). */
    public String reason(JobRun run) {
        return run.failed() ? LogText.safe(FailureReasons.reason(run.state().failure())) : "";
    }

    /** The log line for a JMS job sent to the dead-letter queue, its name (the sender's) and reason escaped. */
    public String deadLetterLine(JobRun run, String reason) {
        return "JMS job " + LogText.quoted(run.input()) + " failed: " + LogText.safe(reason);
    }

    /** Why a failed JMS job goes to the dead-letter queue; throws while Caravan stops, so the broker redelivers it. */
    public String deadLetterReason(JobRun run, boolean stopping) {
        return messages.deadLetterReason(run.state().failure(), stopping);
    }

    /**
     * The message a failed JMS job sends to the dead-letter queue: its original message as it was sent, plus
     * {@code CaravanError} ({@code reason}) and {@code CaravanMessageId}.
     */
    public Message deadLetter(JobRun run, Message original, String reason) {
        JmsOrigin origin = run.origin();
        if (origin == null) throw new IllegalArgumentException("not a JMS job: " + run.input());
        return messages.deadLetter(original, reason, origin.messageId());
    }

    /** A fault inside Caravan while the job ran: the job fails with it. */
    JobRun failed(JobRun run, Throwable error) {
        run.state().fail(error);
        return run;
    }
}
