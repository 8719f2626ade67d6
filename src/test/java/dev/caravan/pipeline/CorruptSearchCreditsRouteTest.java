package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** A damaged day's credit count, found at startup: kept aside, and the day counts as spent (the default). */
class CorruptSearchCreditsRouteTest extends PipelineTestSupport {

    @Override
    void overrides(Properties p) {
        try {
            Files.createDirectories(output());
            Files.writeString(output().resolve("search-credits.json"), "{\"day\":\"20");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void a_truncated_credit_file_is_kept_aside_and_no_search_is_made_today() throws Exception {
        drop("corrupt.txt", "anything\n");

        String md = read(awaitReport("corrupt/anything.md"));
        assertThat(md)
                .contains("- **Search:** not searched: the day's search credit count search-credits.json")
                .contains("research.budget.credits-on-corrupt-file = spent");
        assertThat(tavily.searchCalls()).isZero();
        assertThat(list(output(), ""))
                .anySatisfy(f -> assertThat(f.getFileName().toString()).startsWith("search-credits.json.corrupt-"));
        assertThat(read(output().resolve("search-credits.json"))).contains("\"credits\":1000");
    }
}
