package dev.caravan.testing;

import dev.caravan.fetch.FetchScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Records every wait and moves the fake clock forward by it instead of sleeping. */
public final class RecordingSleeper implements FetchScheduler.Sleeper {

    private final FakeClock clock;
    private final List<Duration> sleeps = new ArrayList<>();

    public RecordingSleeper(FakeClock clock) {
        this.clock = clock;
    }

    @Override
    public synchronized void sleep(Duration duration) {
        sleeps.add(duration);
        if (clock != null) clock.advance(duration);
    }

    public synchronized List<Duration> sleeps() {
        return List.copyOf(sleeps);
    }
}
