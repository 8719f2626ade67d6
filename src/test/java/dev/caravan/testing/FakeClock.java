package dev.caravan.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock that stands still until a test (or a fake sleeper) advances it. */
public final class FakeClock extends Clock {

    private Instant now;

    public FakeClock(Instant start) {
        this.now = start;
    }

    public static FakeClock at(String instant) {
        return new FakeClock(Instant.parse(instant));
    }

    public synchronized void advance(Duration d) {
        now = now.plus(d);
    }

    @Override
    public synchronized Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
