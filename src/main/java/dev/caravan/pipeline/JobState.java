package dev.caravan.pipeline;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * What the queries of one running job share: whether the job has failed, the order in which they search, and the job's
 * slot among the jobs allowed to run at once. A job's queries search one at a time, in the job's order, while their
 * pages are fetched side by side: so a job's budgets, its daily credits and the search cache give the same answers
 * however its queries interleave, and its reports are the same as when its queries ran one after another.
 * Thread-safe.
 */
public final class JobState {

    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final @Nullable Semaphore slots;
    private final AtomicBoolean holdsSlot = new AtomicBoolean();
    private int nextSearch;

    /** @param slots the job slots this job took one of, or null when it took none */
    JobState(@Nullable Semaphore slots) {
        this.slots = slots;
        holdsSlot.set(slots != null);
    }

    static JobState failed(Throwable why) {
        JobState state = new JobState(null);
        state.fail(why);
        return state;
    }

    public Throwable failure() {
        return failure.get();
    }

    /** Records the first failure; later ones are consequences of it. */
    void fail(Throwable why) {
        failure.compareAndSet(null, why);
    }

    /** Gives the job's slot back, once. */
    void release() {
        if (holdsSlot.compareAndSet(true, false)) slots.release();
    }

    /** Waits until every query before {@code index} has searched (or failed, or was skipped). */
    synchronized void awaitSearchTurn(int index) throws InterruptedException {
        while (nextSearch < index) wait();
    }

    /** Query {@code index} is done searching; a second call, or a call out of turn, changes nothing. */
    synchronized void passSearchTurn(int index) {
        if (nextSearch != index) return;
        nextSearch = index + 1;
        notifyAll();
    }
}
