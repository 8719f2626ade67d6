package dev.caravan.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ThrottleTest {

    private final AtomicLong now = new AtomicLong(10_000);
    private final List<Long> waits = new ArrayList<>();
    private final Throttle throttle = new Throttle(1000, now::get, ms -> {
        waits.add(ms);
        now.addAndGet(ms);
    });

    @Test
    void the_first_call_goes_at_once_and_each_next_one_waits_for_its_slot() {
        throttle.acquire();
        throttle.acquire();
        now.addAndGet(300);
        throttle.acquire();

        assertThat(waits).containsExactly(1000L, 700L);
    }

    @Test
    void a_call_after_a_long_pause_does_not_wait() {
        throttle.acquire();
        now.addAndGet(5000);

        assertThat(throttle.acquire()).isZero();
        assertThat(waits).isEmpty();
    }

    @Test
    void a_call_made_around_an_exchange_keeps_the_next_one_an_interval_after_the_exchange_ended() throws Exception {
        throttle.around(() -> now.addAndGet(400));
        now.addAndGet(100);

        throttle.around(() -> 0L);

        assertThat(waits).containsExactly(900L);
    }
}
