package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.fetch.FetchScheduler;
import dev.caravan.messaging.FetchMessages;
import dev.caravan.testing.FakeClock;
import dev.caravan.testing.RecordingSleeper;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HostHandoversTest {

    private static final String HOST = "https://site.example:443";
    private static final Duration LONGEST = Duration.ofMinutes(10);

    private final FakeClock clock = FakeClock.at("2026-11-27T06:00:00Z");
    private final RecordingSleeper sleeper = new RecordingSleeper(clock);
    private final FetchScheduler here = FetchScheduler.callerRuns(0, Duration.ZERO, clock, sleeper);
    private final HostHandovers handovers = new HostHandovers(here, LONGEST, clock);

    /** A message as another instance's HostHandovers would send it. */
    private String fromAnotherInstance(Duration readyIn) {
        return FetchMessages.hostReadyText(new FetchMessages.HostReady(
                "other-process", HOST, clock.instant().plus(readyIn).toEpochMilli()));
    }

    @ParameterizedTest(
            name = "another instance said the host is ready in {0} ms: the first request here waits {1} ms (at most"
                    + " the task timeout)")
    @CsvSource({"500, 500", "1, 1", "0, 0", "-300, 0", "600000, 600000", "86400000, 600000"})
    void a_host_another_instance_asked_is_asked_here_no_sooner_than_it_said(long readyInMs, long waitMs) {
        handovers.heard(fromAnotherInstance(Duration.ofMillis(readyInMs)));

        here.submit(HOST, Duration.ofMillis(500), () -> "page").join();

        List<Duration> expected = waitMs == 0 ? List.of() : List.of(Duration.ofMillis(waitMs));
        assertThat(sleeper.sleeps()).isEqualTo(expected);
    }

    @Test
    void a_host_nobody_spoke_of_is_asked_at_once() {
        here.submit(HOST, Duration.ofMillis(500), () -> "page").join();

        assertThat(sleeper.sleeps()).isEmpty();
    }

    @Test
    void after_a_request_it_tells_the_end_of_the_response_plus_the_delay() {
        here.submit(HOST, Duration.ofMillis(500), () -> {
                    clock.advance(Duration.ofMillis(120)); // the response takes 120 ms
                    return "page";
                })
                .join();

        FetchMessages.HostReady told = FetchMessages.readHostReady(handovers.told(HOST));

        assertThat(told.hostKey()).isEqualTo(HOST);
        assertThat(Instant.ofEpochMilli(told.readyAt()))
                .isEqualTo(clock.instant().plusMillis(500));
    }

    @Test
    void what_one_instance_tells_after_a_request_holds_the_host_back_at_another() {
        FetchScheduler elsewhere = FetchScheduler.callerRuns(0, Duration.ZERO, clock, sleeper);
        HostHandovers other = new HostHandovers(elsewhere, LONGEST, clock);
        elsewhere.submit(HOST, Duration.ofMillis(500), () -> "page").join();

        handovers.heard(other.told(HOST));
        here.submit(HOST, Duration.ofMillis(500), () -> "page").join();

        assertThat(sleeper.sleeps()).containsExactly(Duration.ofMillis(500));
    }

    @Test
    void what_this_process_said_itself_is_not_heard_again() {
        HostHandovers me = new HostHandovers(here, LONGEST, clock, "me");
        String mine = FetchMessages.hostReadyText(new FetchMessages.HostReady(
                "me", HOST, clock.instant().plusMillis(500).toEpochMilli()));

        me.heard(mine);

        assertThat(here.readyAt(HOST)).isEmpty();
    }

    @Test
    void a_host_not_asked_here_is_not_told() {
        assertThat(handovers.told(HOST)).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "not JSON | a host's turn",
                "a JSON array | []",
                "no ready_at | {\"sender\":\"x\",\"host_key\":\"https://site.example:443\"}",
                "ready_at not a number | {\"sender\":\"x\",\"host_key\":\"https://site.example:443\",\"ready_at\":\"soon\"}",
                "no host | {\"sender\":\"x\",\"ready_at\":1}"
            })
    void a_message_that_is_no_hosts_turn_is_dropped_and_changes_nothing(String what, String message) {
        handovers.heard(message);
        handovers.heard(42);
        handovers.heard("x".repeat(FetchMessages.MAX_HOST_READY_CHARS + 1));

        here.submit(HOST, Duration.ofMillis(500), () -> "page").join();

        assertThat(sleeper.sleeps()).as(what).isEmpty();
    }
}
