package dev.caravan.messaging;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.caravan.model.Report;
import java.io.UncheckedIOException;

/** The JSON event published when a report is written: the sidecar's fields plus where the files are. Thread-safe. */
public class ReportEvents {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * {@code report_path}, {@code sidecar_path} (absolute), {@code changes_count} (changes since the job's last report
     * of the query, -1 when there is none) and {@code empty} (the query got no page), then every field of the sidecar.
     */
    public String event(Report report) {
        try {
            ObjectNode event = JSON.createObjectNode();
            event.put("event", "report-written");
            event.put(
                    "report_path",
                    report.markdownFile().toAbsolutePath().normalize().toString());
            event.put(
                    "sidecar_path",
                    report.sidecarFile().toAbsolutePath().normalize().toString());
            event.put("changes_count", report.changes());
            event.put("empty", report.empty());
            JsonNode sidecar = JSON.readTree(report.sidecarJson());
            sidecar.fields().forEachRemaining(f -> event.set(f.getKey(), f.getValue()));
            return JSON.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("the sidecar of " + report.markdownFile() + " is not JSON", e);
        }
    }
}
