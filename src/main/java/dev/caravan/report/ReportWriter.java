package dev.caravan.report;

import dev.caravan.files.AtomicFiles;
import dev.caravan.model.Report;

/** Writes a report and its sidecar atomically. Thread-safe. */
public class ReportWriter {

    /** Writes both files and returns the report, for logging. */
    public Report write(Report report) {
        AtomicFiles.write(report.markdownFile(), report.markdown());
        AtomicFiles.write(report.sidecarFile(), report.sidecarJson());
        return report;
    }
}
