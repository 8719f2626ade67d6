package dev.caravan.report;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Typed report configuration, validated once at startup.
 *
 * @param outputDir the folder that receives one sub-folder per job
 * @param inlineMaxChars pages whose Markdown is longer are written to {@code pages/} and linked, not inlined
 */
public record ReportSettings(Path outputDir, int inlineMaxChars) {

    public ReportSettings {
        Objects.requireNonNull(outputDir, "outputDir");
        if (inlineMaxChars < 0) {
            throw new IllegalArgumentException(
                    "research.report.inline-max-chars must not be negative, got " + inlineMaxChars);
        }
    }

    public Path jobDir(String job) {
        return outputDir.resolve(job);
    }
}
