package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SharedFetchesTest {

    @ParameterizedTest(name = "a page of fetch order {0} goes as a task of JMS priority {1}")
    @CsvSource({"0, 9", "1, 8", "4, 5", "8, 1", "9, 0", "10, 0", "250, 0", "-1, 9"})
    void a_jobs_earlier_queries_send_their_tasks_at_a_higher_priority_down_to_the_lowest_of_jms_ten(
            int fetchOrder, int priority) {
        assertThat(SharedFetches.priority(fetchOrder)).isEqualTo(priority);
    }
}
