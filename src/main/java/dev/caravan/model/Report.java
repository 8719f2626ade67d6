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
 */
public record Report(
        Path markdownFile,
        Path sidecarFile,
        String markdown,
        String sidecarJson,
        int fetched,
        int notRetrieved,
        int findings) {

    /** One line for the log (the file name comes from the job's name, which may hold any character). */
    public String summary() {
        return LogText.safe(markdownFile.toString()) + " (" + fetched + " source(s), " + notRetrieved
                + " not retrieved, " + findings + " finding(s))";
    }
}
