package dev.caravan.model;

/** Every way a page fetch can end. Expected web failures are values here, never exceptions. */
public enum FetchOutcome {
    OK(FetchStatus.FETCHED),
    ROBOTS_DENIED(FetchStatus.SKIPPED),
    ROBOTS_UNAVAILABLE(FetchStatus.SKIPPED),
    CRAWL_DELAY_TOO_LONG(FetchStatus.SKIPPED),
    BLOCKED(FetchStatus.SKIPPED),
    INVALID_URL(FetchStatus.SKIPPED),
    BUDGET_REACHED(FetchStatus.SKIPPED),
    HTTP_ERROR(FetchStatus.FAILED),
    TIMEOUT(FetchStatus.FAILED),
    TOO_LARGE(FetchStatus.FAILED),
    UNSUPPORTED_TYPE(FetchStatus.FAILED),
    REDIRECT_LIMIT(FetchStatus.FAILED),
    NETWORK_ERROR(FetchStatus.FAILED),
    EMPTY_CONTENT(FetchStatus.FAILED),
    INTERNAL_ERROR(FetchStatus.FAILED);

    private final FetchStatus status;

    FetchOutcome(FetchStatus status) {
        this.status = status;
    }

    public FetchStatus status() {
        return status;
    }
}
