package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The day's credit count is read back at startup: a restart does not give the day its budget again. */
class DailySearchBudgetRouteTest extends PipelineTestSupport {

    @Override
    void overrides(Properties p) {
        p.put("research.budget.credits-per-day", "5");
        try {
            // as an earlier run today left it, before this start: 4 of the 5 credits spent
            Files.createDirectories(output());
            Files.writeString(
                    output().resolve("search-credits.json"),
                    "{\"day\":\"" + LocalDate.now(ZoneOffset.UTC) + "\",\"credits\":4}\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void after_a_restart_the_credits_spent_earlier_today_still_count() throws Exception {
        drop("daily.txt", "one\ntwo\n");

        String two = read(awaitReport("daily/two.md"));
        assertThat(two).contains("- **Search:** not searched: the daily budget of 5 search credits was reached");
        assertThat(read(awaitReport("daily/one.md"))).contains("- **Search:** Tavily, 0 results");
        assertThat(tavily.searchCalls()).isEqualTo(1);
        assertThat(read(output().resolve("search-credits.json"))).contains("\"credits\":5");
    }
}
