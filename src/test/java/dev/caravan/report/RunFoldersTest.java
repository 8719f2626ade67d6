package dev.caravan.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.Job;
import dev.caravan.model.Query;
import dev.caravan.testing.FakeClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder per run for every job; a run that did not end resumes in its own folder when its input comes back. */
class RunFoldersTest {

    @TempDir
    Path out;

    private final FakeClock clock = FakeClock.at("2026-11-22T02:00:00Z");
    private static final Job JOB = new Job("news", List.of(Query.of("anything")));

    private RunFolders runs() {
        return new RunFolders(out, clock);
    }

    @Test
    void each_run_gets_a_folder_named_by_its_start_time_and_a_second_run_in_the_same_second_a_suffix()
            throws IOException {
        Job first = runs().start(JOB, "file:news.txt", "news.txt 10 1");
        Files.writeString(out.resolve(first.folder()).resolve("anything.md"), "# report");
        runs().finish(first, "file:news.txt");
        Job second = runs().start(JOB, "file:news.txt", "news.txt 10 1");

        assertThat(first.folder()).isEqualTo("news/2026-11-22T020000Z");
        assertThat(second.folder()).isEqualTo("news/2026-11-22T020000Z-2");
        assertThat(out.resolve("news/2026-11-22T020000Z-2")).isDirectory();
    }

    @Test
    void a_run_that_did_not_end_resumes_in_its_folder_when_the_same_input_comes_back() {
        Job crashed = runs().start(JOB, "jms:ID:1", "ID:1");
        clock.advance(Duration.ofMinutes(5));

        Job resumed = new RunFolders(out, clock).start(JOB, "jms:ID:1", "ID:1"); // a new process
        Job other = runs().start(JOB, "jms:ID:2", "ID:2");

        assertThat(resumed.run()).isEqualTo(crashed.run());
        assertThat(other.run()).isEqualTo("2026-11-22T020500Z");
    }

    @Test
    void a_run_killed_after_its_marker_was_written_and_before_its_folder_was_made_resumes_under_the_name_it_claimed()
            throws IOException {
        Job crashed = runs().start(JOB, "file:news.txt", "news.txt 10 1");
        Files.delete(out.resolve(crashed.folder())); // as if the kill came between the marker and the folder
        clock.advance(Duration.ofSeconds(30));

        Job resumed = new RunFolders(out, clock).start(JOB, "file:news.txt", "news.txt 10 1");

        assertThat(resumed.folder()).isEqualTo(crashed.folder());
        assertThat(out.resolve(resumed.folder())).isDirectory();
        try (Stream<Path> runs = Files.list(out.resolve("news")).filter(Files::isDirectory)) {
            assertThat(runs).hasSize(1);
        }
    }

    @Test
    void a_changed_input_under_the_same_name_is_a_new_run() {
        Job crashed = runs().start(JOB, "file:news.txt", "news.txt 10 1000");
        clock.advance(Duration.ofSeconds(1));

        Job edited = runs().start(JOB, "file:news.txt", "news.txt 12 2000");

        assertThat(edited.run()).isNotEqualTo(crashed.run());
    }

    @Test
    void a_finished_run_leaves_no_marker_and_no_empty_folder() throws IOException {
        Job empty = runs().start(JOB, "file:news.txt", "news.txt 10 1");
        runs().finish(empty, "file:news.txt");
        clock.advance(Duration.ofSeconds(1));
        Job scheduled = runs().start(JOB, null, "");
        Files.writeString(out.resolve(scheduled.folder()).resolve("anything.md"), "# report");
        runs().finish(scheduled, null);

        try (Stream<Path> left = Files.list(out.resolve("news"))) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("2026-11-22T020001Z");
        }
    }
}
