package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * A job file is read once its last change is {@code research.input.settle-ms} old (its modification time), not
 * before: a file still being written is left alone, and a file written earlier and moved in is read at the next poll.
 */
class JobFileSettleRouteTest extends PipelineTestSupport {

    private static final long SETTLE_MS = 5_000;

    @Override
    void overrides(Properties p) {
        p.put("research.input.settle-ms", Long.toString(SETTLE_MS));
    }

    @Test
    void a_file_still_being_written_is_read_only_once_it_has_been_still_for_the_settle_time() throws Exception {
        tidesSite();
        Files.createDirectories(input());
        Path job = input().resolve("tides.json");
        // each part alone is not a job: read early, the file would go to failed/
        for (String part : List.of("{\"queries\": [", "\"what causes ocean tides\"", "]}\n")) {
            Files.writeString(job, part, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            Thread.sleep(400);
        }

        assertThat(read(awaitReport("tides/what-causes-ocean-tides.md"))).contains("gravitational pull of the Moon");
        assertThat(input().resolve("failed")).doesNotExist();
    }

    @Test
    void a_file_written_earlier_and_moved_in_is_read_without_waiting_the_settle_time() throws Exception {
        tidesSite();
        Path temp = work.resolve("tides.json.partial");
        Files.writeString(temp, "{\"queries\": [\"what causes ocean tides\"]}\n", StandardCharsets.UTF_8);
        Files.setLastModifiedTime(temp, FileTime.from(Instant.now().minus(Duration.ofHours(1))));
        Files.createDirectories(input());
        Files.move(temp, input().resolve("tides.json"));

        // read at once, the job's report comes well before a fresh file would even be read
        await().atMost(Duration.ofMillis(SETTLE_MS - 1_000))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> findInRun("tides/what-causes-ocean-tides.md").isPresent());
    }
}
