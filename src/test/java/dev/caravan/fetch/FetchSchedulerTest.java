package dev.caravan.fetch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caravan.testing.FakeClock;
import dev.caravan.testing.RecordingSleeper;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FetchSchedulerTest {

    private final ExecutorService completions = Executors.newSingleThreadExecutor(r -> new Thread(r, "completions"));

    @AfterEach
    void stop() {
        completions.shutdownNow();
    }

    @Test
    void the_only_fetch_thread_serves_a_ready_host_instead_of_waiting_for_a_busy_one() throws Exception {
        List<String> order = new CopyOnWriteArrayList<>();
        try (FetchScheduler scheduler =
                FetchScheduler.start(1, 0, Duration.ZERO, java.time.Clock.systemUTC(), completions)) {
            Duration delay = Duration.ofSeconds(2);
            CompletableFuture<Long> a1 = scheduler.submit("a", delay, () -> record(order, "a1"));
            CompletableFuture<Long> a2 = scheduler.submit("a", delay, () -> record(order, "a2"));
            long a1Ended = a1.get(5, TimeUnit.SECONDS);
            CompletableFuture<Long> b1 = scheduler.submit("b", delay, () -> record(order, "b1"));

            long b1Started = b1.get(5, TimeUnit.SECONDS);

            assertThat(order).containsExactly("a1", "b1");
            assertThat(b1Started - a1Ended).as("b1 did not wait for a's delay").isLessThan(1_000);
            assertThat(a2).isNotDone();
            a2.get(5, TimeUnit.SECONDS);
            assertThat(order).containsExactly("a1", "b1", "a2");
        }
    }

    @Test
    void several_fetch_threads_never_send_one_host_two_requests_at_once() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        try (FetchScheduler scheduler =
                FetchScheduler.start(4, 0, Duration.ZERO, java.time.Clock.systemUTC(), completions)) {
            List<CompletableFuture<Long>> all = new java.util.ArrayList<>();
            for (int i = 0; i < 6; i++) {
                all.add(scheduler.submit("a", Duration.ofMillis(20), () -> {
                    events.add("start");
                    Thread.sleep(15);
                    events.add("end");
                    return 0L;
                }));
            }
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
        }

        assertThat(String.join(" ", events)).isEqualTo("start end ".repeat(6).strip());
    }

    @Test
    void results_are_handed_to_the_completions_executor_not_kept_on_a_fetch_thread() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        try (FetchScheduler scheduler =
                FetchScheduler.start(1, 0, Duration.ZERO, java.time.Clock.systemUTC(), completions)) {
            CompletableFuture<String> ranOn = scheduler.submit("a", Duration.ZERO, () -> {
                go.await();
                return Thread.currentThread().getName();
            });
            CompletableFuture<String> handedTo =
                    ranOn.thenApply(x -> Thread.currentThread().getName());
            go.countDown();

            // wait on the dependent first: a thread waiting on ranOn itself may run ranOn's dependents when it wakes
            assertThat(handedTo.get(5, TimeUnit.SECONDS)).isEqualTo("completions");
            assertThat(ranOn.get(5, TimeUnit.SECONDS)).startsWith("caravan-fetch-");
        }
    }

    @Test
    void a_request_that_throws_fails_only_its_own_result() throws Exception {
        try (FetchScheduler scheduler =
                FetchScheduler.start(1, 0, Duration.ZERO, java.time.Clock.systemUTC(), completions)) {
            CompletableFuture<String> broken = scheduler.submit("a", Duration.ZERO, () -> {
                throw new IllegalStateException("broken");
            });
            CompletableFuture<String> next = scheduler.submit("a", Duration.ZERO, () -> "fine");

            assertThatThrownBy(() -> broken.get(5, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasRootCauseMessage("broken");
            assertThat(next.get(5, TimeUnit.SECONDS)).isEqualTo("fine");
        }
    }

    @Test
    void closing_fails_the_requests_still_waiting() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        CompletableFuture<String> waiting;
        try (FetchScheduler scheduler =
                FetchScheduler.start(1, 0, Duration.ZERO, java.time.Clock.systemUTC(), completions)) {
            scheduler.submit("a", Duration.ofHours(1), () -> {
                running.countDown();
                return "first";
            });
            running.await(5, TimeUnit.SECONDS);
            waiting = scheduler.submit("a", Duration.ZERO, () -> "never");
        }

        assertThatThrownBy(() -> waiting.get(5, TimeUnit.SECONDS)).hasMessageContaining("shutting down");
    }

    @Test
    void run_by_its_caller_it_waits_the_host_delay_on_the_given_clock() {
        FakeClock clock = FakeClock.at("2026-01-01T00:00:00Z");
        RecordingSleeper sleeper = new RecordingSleeper(clock);
        FetchScheduler scheduler = FetchScheduler.callerRuns(0, Duration.ZERO, clock, sleeper);

        scheduler.submit("a", Duration.ofSeconds(1), () -> "one").join();
        scheduler.submit("b", Duration.ofSeconds(1), () -> "other host").join();
        scheduler.submit("a", Duration.ofSeconds(1), () -> "two").join();

        assertThat(sleeper.sleeps()).containsExactly(Duration.ofSeconds(1));
    }

    private static long record(List<String> order, String name) {
        order.add(name);
        return System.nanoTime() / 1_000_000;
    }
}
