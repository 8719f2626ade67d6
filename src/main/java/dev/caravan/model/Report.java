package dev.caravan.model;

import java.nio.file.Path;

/**
 * A rendered report, ready to write.
 *
 * @param markdownFile where the report goes
 * @param sidecarFile where its JSON sidecar goes
 * @param markdown the report text
 * @param sidecarJson the sidecar text
 * @param fetched how many sources were fetched and cited
 * @param notRetrieved how many URLs were not used
 * @param findings how many key findings the report has
 * @param changes how many changes since the job's last report of the same query (new and gone sources, changed pages,
 *     new and gone findings); -1 when there is no earlier report
 */
public record Report(
        Path markdownFile,
        Path sidecarFile,
        String markdown,
        String sidecarJson,
        int fetched,
        int notRetrieved,
        int findings,
        int changes) {

    /** A report with no earlier one to compare with. */
    public Report(
            Path markdownFile,
            Path sidecarFile,
            String markdown,
            String sidecarJson,
            int fetched,
            int notRetrieved,
            int findings) {
        this(markdownFile, sidecarFile, markdown, sidecarJson, fetched, notRetrieved, findings, -1);
    }

    /** True when the query got no page: nothing was fetched, so the report has no source. */
    public boolean empty() {
        return fetched == 0;
    }

    /** One line for the log (the file name comes from the job's name, which may hold any character). */
    public String summary() {
        return LogText.safe(markdownFile.toString()) + " (" + LogText.count(fetched, "source", "sources") + ", "
                + notRetrieved + " not retrieved, " + LogText.count(findings, "finding", "findings") + ")";
    }
}
