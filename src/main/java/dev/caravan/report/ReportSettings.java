package dev.caravan.report;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Typed report configuration, validated once at startup.
 *
 * @param outputDir the folder that receives one sub-folder per job
 * @param inlineMaxChars pages whose Markdown is longer are written to {@code pages/} and linked, not inlined
 * @param maxFindings the most key findings per report
 * @param maxFindingsPerSource the most key findings quoted from one source
 */
public record ReportSettings(Path outputDir, int inlineMaxChars, int maxFindings, int maxFindingsPerSource) {

    public ReportSettings {
        Objects.requireNonNull(outputDir, "outputDir");
        if (inlineMaxChars < 0) {
            throw new IllegalArgumentException("research.report.inline-max-chars must not be negative, got " + inlineMaxChars);
        }
        if (maxFindings < 1) throw new IllegalArgumentException("research.report.max-findings must be at least 1");
        if (maxFindingsPerSource < 1) {
            throw new IllegalArgumentException("research.report.max-findings-per-source must be at least 1");
        }
    }

    public Path jobDir(String job) {
        return outputDir.resolve(job);
    }
}
