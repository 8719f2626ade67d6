package dev.caravan.messaging;

import java.time.Duration;

/**
 * The {@code research.fetch.shared.*} keys: whether the instances on one broker share their fetching, partitioned by
 * host (see docs/fetching-across-instances.md). Bad values fail with the key's name.
 *
 * @param enabled whether this instance sends its pages as fetch tasks to the broker and fetches other instances' tasks
 * @param instance this instance's name: results are addressed to it, and each report's sidecar names the instance that
 *     fetched each page
 * @param queue the fetch queue, grouped by host
 * @param results the address results go back to (a topic: each instance subscribes to its own)
 * @param hosts the topic where fetching instances say when a host may next be asked (every instance hears all)
 * @param taskTimeout how long an instance waits for a task's result before listing the page as not retrieved
 * @param consumers fetch tasks this instance works on at once
 * @param maxResultBytes the largest result (deflated) sent or read; a larger page comes back as too large
 */
public record SharedFetchSettings(
        boolean enabled,
        String instance,
        String queue,
        String results,
        String hosts,
        Duration taskTimeout,
        int consumers,
        long maxResultBytes) {

    /** The smallest research.fetch.shared.max-result-bytes: a failed page's result alone takes about a KiB. */
    public static final long MIN_RESULT_BYTES = 16 * 1024;

    public SharedFetchSettings {
        if (enabled) {
            requireName(instance, "research.fetch.shared.instance");
            requireName(queue, "research.fetch.shared.queue");
            requireName(results, "research.fetch.shared.results");
            requireName(hosts, "research.fetch.shared.hosts");
            if (queue.equals(results)) {
                throw new IllegalArgumentException(
                        "research.fetch.shared.results must differ from research.fetch.shared.queue");
            }
            if (hosts.equals(queue) || hosts.equals(results)) {
                throw new IllegalArgumentException("research.fetch.shared.hosts must differ from"
                        + " research.fetch.shared.queue and research.fetch.shared.results");
            }
            if (taskTimeout.toMillis() < 1000) {
                throw new IllegalArgumentException(
                        "research.fetch.shared.task-timeout-ms must be at least 1000, got " + taskTimeout.toMillis());
            }
            if (consumers < 1 || consumers > 1000) {
                throw new IllegalArgumentException("research.fetch.shared.consumers must be 1-1000, got " + consumers);
            }
            if (maxResultBytes < MIN_RESULT_BYTES || maxResultBytes > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("research.fetch.shared.max-result-bytes must be from "
                        + MIN_RESULT_BYTES + " to " + Integer.MAX_VALUE + ", got " + maxResultBytes);
            }
        }
    }

    /** Settings of an instance that fetches its own pages, as a single instance does. */
    public static SharedFetchSettings off() {
        return new SharedFetchSettings(false, "", "", "", "", Duration.ZERO, 1, MIN_RESULT_BYTES);
    }

    private static void requireName(String name, String key) {
        if (name == null || name.isBlank() || !name.matches("[A-Za-z0-9._\\-]+") || name.length() > 200) {
            throw new IllegalArgumentException(
                    key + " must be a name of letters, digits, '.', '_' or '-', got '" + name + "'");
        }
    }
}
