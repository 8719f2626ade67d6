package dev.caravan.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HostQueuesTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Duration DELAY = Duration.ofMillis(500);

    private final HostQueues<String> queues = new HostQueues<>(HostQueues.SlowHostRule.NONE);

    private void add(HostQueues<String> into, String host, String request) {
        into.add(new HostQueues.Queued<>(host, DELAY, request));
    }

    private static Instant at(long ms) {
        return T0.plusMillis(ms);
    }

    private Optional<String> take(HostQueues<String> from, long ms) {
        return from.take(at(ms)).map(HostQueues.Queued::request);
    }

    @Test
    void a_host_new_to_an_instance_that_shares_its_fetching_waits_the_first_wait_before_its_first_request() {
        HostQueues<String> shared = new HostQueues<>(HostQueues.SlowHostRule.NONE, DELAY);
        shared.add(new HostQueues.Queued<>("a", DELAY, "a1"), at(0));
        assertThat(take(shared, 499)).isEmpty();
        assertThat(take(shared, 500)).contains("a1");
        shared.finished(new HostQueues.Queued<>("a", DELAY, "a1"), at(500), at(600));
        // a host it knows waits only its delay after its last response
        shared.add(new HostQueues.Queued<>("a", DELAY, "a2"), at(1100));
        assertThat(take(shared, 1100)).contains("a2");
    }

    @Test
    void a_single_instance_asks_a_new_host_at_once() {
        queues.add(new HostQueues.Queued<>("a", DELAY, "a1"), at(0));
        assertThat(take(queues, 0)).contains("a1");
    }

    @Test
    void hosts_take_turns_so_one_busy_host_does_not_hold_back_the_others() {
        add(queues, "a", "a1");
        add(queues, "a", "a2");
        add(queues, "a", "a3");
        add(queues, "b", "b1");
        add(queues, "c", "c1");

        List<String> order = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            HostQueues.Queued<String> next = queues.take(T0).orElseThrow();
            order.add(next.request());
            queues.finished(next, T0, T0);
        }

        assertThat(order).containsExactly("a1", "b1", "c1");
        assertThat(queues.take(T0)).as("a's next request waits for its delay").isEmpty();
        assertThat(queues.nextReadyAt()).contains(at(500));
    }

    @ParameterizedTest(name = "requests of orders {0} (in the order they came) are served as {1}")
    @CsvSource({
        "'0,0,0', 'r0,r1,r2'",
        "'2,1,0', 'r2,r1,r0'",
        "'1,0,1,0', 'r1,r3,r0,r2'",
        "'3,0,3,1', 'r1,r3,r0,r2'",
    })
    void a_host_serves_its_waiting_requests_lowest_order_first_and_as_they_came_within_one_order(
            String orders, String served) {
        String[] each = orders.split(",");
        for (int i = 0; i < each.length; i++)
            queues.add(new HostQueues.Queued<>("a", Duration.ZERO, Integer.parseInt(each[i]), "r" + i));

        List<String> order = new ArrayList<>();
        for (int i = 0; i < each.length; i++) {
            HostQueues.Queued<String> next = queues.take(T0).orElseThrow();
            order.add(next.request());
            queues.finished(next, T0, T0);
        }

        assertThat(String.join(",", order)).isEqualTo(served);
    }

    @Test
    void a_request_of_a_lower_order_that_comes_while_the_host_is_busy_goes_before_the_ones_already_waiting() {
        queues.add(new HostQueues.Queued<>("a", DELAY, 1, "second query, first page"));
        queues.add(new HostQueues.Queued<>("a", DELAY, 1, "second query, second page"));
        HostQueues.Queued<String> first = queues.take(T0).orElseThrow();

        queues.add(new HostQueues.Queued<>("a", DELAY, 0, "first query"));
        queues.finished(first, T0, at(100));

        assertThat(take(queues, 600)).contains("first query");
    }

    @Test
    void a_host_is_asked_one_request_at_a_time() {
        add(queues, "a", "a1");
        add(queues, "a", "a2");

        HostQueues.Queued<String> first = queues.take(T0).orElseThrow();

        assertThat(queues.take(at(10_000)))
                .as("a is busy until its response ends")
                .isEmpty();
        queues.finished(first, T0, at(100));
        assertThat(take(queues, 599)).isEmpty();
        assertThat(take(queues, 600)).contains("a2");
    }

    @ParameterizedTest(name = "a response from {0} ms to {1} ms: next request at {2} ms")
    @CsvSource({"0, 0, 500", "0, 12000, 12500", "1000, 1200, 1700"})
    void the_delay_counts_from_the_end_of_the_previous_response(long startMs, long endMs, long nextMs) {
        add(queues, "a", "a1");
        add(queues, "a", "a2");
        HostQueues.Queued<String> first = queues.take(at(startMs)).orElseThrow();

        queues.finished(first, at(startMs), at(endMs));

        assertThat(take(queues, nextMs - 1)).isEmpty();
        assertThat(take(queues, nextMs)).contains("a2");
    }

    @Test
    void a_longer_crawl_delay_asked_with_a_request_spaces_the_next_one() {
        queues.add(new HostQueues.Queued<>("a", Duration.ofSeconds(3), "a1"));
        add(queues, "a", "a2");
        HostQueues.Queued<String> first = queues.take(T0).orElseThrow();

        queues.finished(first, T0, at(100));

        assertThat(take(queues, 3_099)).isEmpty();
        assertThat(take(queues, 3_100)).contains("a2");
    }

    @ParameterizedTest(name = "responses of {0} ms then {1} ms, factor {2}: gap {3} ms")
    @CsvSource({
        "2000, 2000, 0.25, 500", // a steady 2 s host: a quarter of it
        "2000, 2000, 1.0, 2000",
        "100, 100, 1.0, 500", // fast hosts keep the host delay
        "100, 4100, 1.0, 2100", // the estimate moves halfway to the latest response
        "20000, 20000, 1.0, 10000"
    }) // capped
    void a_slow_host_gets_a_longer_delay(long firstMs, long secondMs, double factor, long gapMs) {
        HostQueues<String> adaptive = new HostQueues<>(new HostQueues.SlowHostRule(factor, Duration.ofSeconds(10)));
        add(adaptive, "slow", "1");
        add(adaptive, "slow", "2");
        add(adaptive, "slow", "3");
        HostQueues.Queued<String> first = adaptive.take(T0).orElseThrow();
        adaptive.finished(first, T0, at(firstMs));
        long secondStart = adaptive.nextReadyAt().orElseThrow().toEpochMilli() - T0.toEpochMilli();
        HostQueues.Queued<String> second = adaptive.take(at(secondStart)).orElseThrow();

        adaptive.finished(second, at(secondStart), at(secondStart + secondMs));

        assertThat(adaptive.lastGap("slow")).isEqualTo(Duration.ofMillis(gapMs));
        assertThat(take(adaptive, secondStart + secondMs + gapMs - 1)).isEmpty();
        assertThat(take(adaptive, secondStart + secondMs + gapMs)).contains("3");
    }

    @Test
    void retry_after_pauses_only_that_host() {
        add(queues, "a", "a1");
        add(queues, "b", "b1");

        queues.pause("a", at(30_000));

        assertThat(take(queues, 0)).contains("b1");
        assertThat(take(queues, 29_999)).isEmpty();
        assertThat(take(queues, 30_000)).contains("a1");
    }

    @Test
    void a_ready_host_is_served_while_another_host_waits_for_its_delay() {
        add(queues, "a", "a1");
        add(queues, "a", "a2");
        HostQueues.Queued<String> first = queues.take(T0).orElseThrow();
        queues.finished(first, T0, at(10));
        add(queues, "b", "b1");

        assertThat(take(queues, 20))
                .as("b is ready although a, queued first, is not")
                .contains("b1");
        assertThat(take(queues, 20)).isEmpty();
        assertThat(take(queues, 510)).contains("a2");
    }

    @Test
    void requests_of_one_host_keep_their_order() {
        for (int i = 1; i <= 5; i++) add(queues, "a", "a" + i);

        List<String> order = new ArrayList<>();
        long now = 0;
        for (int i = 0; i < 5; i++) {
            HostQueues.Queued<String> next = queues.take(at(now)).orElseThrow();
            order.add(next.request());
            queues.finished(next, at(now), at(now));
            now += 500;
        }

        assertThat(order).containsExactly("a1", "a2", "a3", "a4", "a5");
    }
}
