package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.extract.ContentExtractor;
import dev.caravan.extract.PageConverter;
import dev.caravan.extract.PdfText;
import dev.caravan.report.ReportBuilder;
import dev.caravan.report.ReportSettings;
import dev.caravan.testing.FakeClock;
import dev.caravan.testing.Pages;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WarmUpTest {

    @TempDir
    Path out;

    private WarmUp warmUp() {
        FakeClock clock = FakeClock.at("2026-11-27T06:00:00Z");
        var findings = Pages.selector(5, 2);
        return new WarmUp(
                new PageConverter(new ContentExtractor(), new PdfText(50, 10_000)),
                findings,
                new ReportBuilder(new ReportSettings(out, 10_000), findings, clock),
                clock);
    }

    @Test
    void each_round_builds_a_report_with_findings_for_every_query_from_the_bundled_page() {
        WarmUp.Done done = warmUp().run(2);

        assertThat(done.reports()).isEqualTo(2 * WarmUp.QUERIES.size());
        assertThat(done.withoutFindings()).isZero();
    }

    @Test
    void each_round_sends_a_task_its_result_and_the_hosts_next_turn_through_their_encoding_and_back_unchanged() {
        assertThat(warmUp().run(2).messagesBack()).isEqualTo(2 * 3);
    }

    @Test
    void it_writes_nothing_into_the_output_folder() throws IOException {
        warmUp().run(1);

        try (Stream<Path> files = Files.walk(out)) {
            assertThat(files.filter(Files::isRegularFile)).isEmpty();
        }
    }

    @Test
    void no_rounds_build_nothing() {
        WarmUp.Done done = warmUp().run(0);

        assertThat(done.reports()).isZero();
        assertThat(done.messagesBack()).isZero();
    }
}
