package dev.caravan.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @TempDir
    Path dir;

    @Test
    void a_write_leaves_only_the_complete_file() throws Exception {
        Path target = dir.resolve("job/report.md");

        AtomicFiles.write(target, "# done\n");

        assertThat(target).hasContent("# done");
        try (var files = Files.list(target.getParent())) {
            assertThat(files).containsExactly(target);
        }
    }

    @Test
    void temp_files_left_by_a_killed_process_are_swept_and_reports_are_kept() throws Exception {
        Path report = dir.resolve("job/report.md");
        AtomicFiles.write(report, "kept");
        Path leftover = dir.resolve("job/pages/.page.md.caravan-tmp");
        Files.createDirectories(leftover.getParent());
        Files.writeString(leftover, "half a pa");

        int removed = AtomicFiles.sweepTempFiles(dir);

        assertThat(removed).isEqualTo(1);
        assertThat(leftover).doesNotExist();
        assertThat(report).hasContent("kept");
    }
}
