package dev.caravan.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.testing.FakeClock;
import dev.caravan.testing.RecordingSleeper;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class HostGateTest {

    private final FakeClock clock = FakeClock.at("2026-01-01T00:00:00Z");
    private final RecordingSleeper sleeper = new RecordingSleeper(clock);
    private final HostGate gate = new HostGate(clock, sleeper);

    @Test
    void the_first_request_to_a_host_does_not_wait() throws Exception {
        gate.acquire("example.org", Duration.ofSeconds(2)).close();

        assertThat(sleeper.sleeps()).isEmpty();
    }

    @Test
    void a_second_request_to_the_same_host_waits_the_spacing() throws Exception {
        gate.acquire("example.org", Duration.ofMillis(1500)).close();
        gate.acquire("example.org", Duration.ofMillis(1500)).close();

        assertThat(sleeper.sleeps()).containsExactly(Duration.ofMillis(1500));
    }

    @Test
    void the_spacing_counts_from_the_end_of_the_previous_request() throws Exception {
        HostGate.Permit first = gate.acquire("example.org", Duration.ofSeconds(2));
        clock.advance(Duration.ofSeconds(10));
        first.close();
        clock.advance(Duration.ofMillis(500));

        gate.acquire("example.org", Duration.ofSeconds(2)).close();

        assertThat(sleeper.sleeps()).containsExactly(Duration.ofMillis(1500));
    }

    @Test
    void no_wait_once_the_spacing_has_passed() throws Exception {
        gate.acquire("example.org", Duration.ofSeconds(1)).close();
        clock.advance(Duration.ofSeconds(1));

        gate.acquire("example.org", Duration.ofSeconds(1)).close();

        assertThat(sleeper.sleeps()).isEmpty();
    }

    @Test
    void requests_to_different_hosts_do_not_wait_for_each_other() throws Exception {
        gate.acquire("a.example", Duration.ofSeconds(5)).close();
        gate.acquire("b.example", Duration.ofSeconds(5)).close();
        gate.acquire("a.example:8080", Duration.ofSeconds(5)).close();

        assertThat(sleeper.sleeps()).isEmpty();
    }

    @Test
    void the_spacing_set_by_the_previous_request_is_the_one_honoured() throws Exception {
        gate.acquire("example.org", Duration.ofSeconds(3)).close();
        gate.acquire("example.org", Duration.ofSeconds(1)).close();
        gate.acquire("example.org", Duration.ofSeconds(1)).close();

        assertThat(sleeper.sleeps()).containsExactly(Duration.ofSeconds(3), Duration.ofSeconds(1));
    }
}
