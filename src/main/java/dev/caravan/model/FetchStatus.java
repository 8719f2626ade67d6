package dev.caravan.model;

/** How a URL ended, in the words of the sidecar: fetched, failed while trying, or skipped without a request. */
public enum FetchStatus {
    FETCHED,
    FAILED,
    SKIPPED;

    public String json() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
