package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.caravan.testing.TavilyStub.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ScheduleRouteTest extends PipelineTestSupport {

    @Override
    void overrides(Properties p) {
        Path jobFile = work.resolve("jobs/tides-watch.txt");
        try {
            Files.createDirectories(jobFile.getParent());
            Files.writeString(jobFile, "tides\n");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        p.put("camel.route-template[watch].template-id", "scheduled-job");
        p.put("camel.route-template[watch].route-id", "schedule-watch");
        p.put("camel.route-template[watch].name", "watch");
        p.put("camel.route-template[watch].cron", "0/2 * * * * ?");
        p.put("camel.route-template[watch].file", jobFile.toString());
    }

    @Test
    void a_cron_schedule_runs_its_job_file_and_keeps_each_run_in_its_own_dated_folder() throws Exception {
        site.page("/robots.txt", 404, "text/plain", "");
        site.page("/t", 200, "text/html", article("Tides", "Tides rise and fall twice a day on most coasts."));
        tavily.results("tides", new Result(site.url("/t"), "Tides", ""));

        List<Path> runs = awaitRuns(output().resolve("tides-watch"), 2);

        assertThat(runs.get(0).getFileName().toString()).matches("\\d{4}-\\d{2}-\\d{2}T\\d{6}Z");
        assertThat(runs.get(0)).isNotEqualTo(runs.get(1));
        for (Path run : runs.subList(0, 2)) assertThat(run.resolve("tides.md")).exists();
        assertThat(work.resolve("jobs/tides-watch.txt")).exists();
        assertThat(tavily.searchCalls()).isEqualTo(1);
    }

    private static List<Path> awaitRuns(Path dir, int count) throws Exception {
        return await("at least " + count + " runs in " + dir)
                .atMost(Duration.ofSeconds(20))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(100))
                .until(
                        () -> {
                            if (!Files.isDirectory(dir)) return List.<Path>of();
                            try (Stream<Path> s = Files.list(dir)) {
                                return s.filter(r -> Files.exists(r.resolve("tides.md")))
                                        .sorted()
                                        .toList();
                            }
                        },
                        runs -> runs.size() >= count);
    }
}
