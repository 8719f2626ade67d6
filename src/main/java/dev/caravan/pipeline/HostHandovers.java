package dev.caravan.pipeline;

import dev.caravan.fetch.FetchScheduler;
import dev.caravan.messaging.FetchMessages;
import dev.caravan.model.LogText;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the instances that share their fetching hand a host over without asking it too soon. The broker pins each host
 * to one consumer, but moves it to another when that consumer goes away (its instance stopped or died). The new
 * instance's scheduler does not know when the host was last asked. So after each task the fetching instance says on
 * the hosts topic when the task's host may next be asked ({@link #told}), before the task is acknowledged, and every
 * instance keeps the host from being asked before then ({@link #heard}). A host nobody spoke of is asked after a short
 * grace for a word in flight (the scheduler's first wait, 50 ms). A task redelivered from a consumer that died
 * mid-request is handled apart ({@link FetchTasks}): that request may still be running. Thread-safe.
 */
public final class HostHandovers {

    private static final Logger LOG = LoggerFactory.getLogger("caravan");

    private final FetchScheduler scheduler;
    private final Duration longest;
    private final Clock clock;
    /** This process: what it said itself is skipped (the instance's name may be the same after a restart). */
    private final String sender;

    /**
     * @param longest the longest a host is held back on another instance's word (the task timeout: a task waiting
     *     longer expires anyway), so a wrong time cannot stop a host for good
     */
    public HostHandovers(FetchScheduler scheduler, Duration longest, Clock clock) {
        this(scheduler, longest, clock, UUID.randomUUID().toString());
    }

    HostHandovers(FetchScheduler scheduler, Duration longest, Clock clock, String sender) {
        this.scheduler = scheduler;
        this.longest = longest;
        this.clock = clock;
        this.sender = sender;
    }

    /** The hosts-topic message saying when {@code hostKey} may next be asked; null when it was not asked here. */
    public @Nullable String told(String hostKey) {
        return scheduler
                .readyAt(hostKey)
                .filter(at -> at.isAfter(Instant.EPOCH))
                .map(at -> FetchMessages.hostReadyText(new FetchMessages.HostReady(sender, hostKey, at.toEpochMilli())))
                .orElse(null);
    }

    /**
     * Another instance asked a host: it is not asked here before the time it gave. A message that is not one is
     * dropped with a warning.
     */
    public void heard(@Nullable Object message) {
        FetchMessages.HostReady ready;
        try {
            ready = FetchMessages.readHostReady(message);
        } catch (RuntimeException e) {
            LOG.warn(
                    "a message on the hosts topic is not a host's next turn and was dropped: {}",
                    LogText.safe(e.getMessage()));
            return;
        }
        if (ready.sender().equals(sender)) return;
        Instant now = clock.instant();
        Instant at = Instant.ofEpochMilli(ready.readyAt());
        if (at.isAfter(now.plus(longest))) at = now.plus(longest);
        if (at.isAfter(now)) scheduler.pauseUntil(ready.hostKey(), at);
    }
}
