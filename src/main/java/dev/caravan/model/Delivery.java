package dev.caravan.model;

import java.util.Locale;

/** How a query had one page: fetched, fresh from the cache, revalidated with the site, or fetched again. */
public enum Delivery {
    /** fetched, with nothing in the cache for it */
    FETCHED("fetched"),
    /** fresh from the cache, no request made */
    CACHED("fresh from cache"),
    /** the cache's copy was stale; a conditional request got {@code 304 Not Modified}, so the stored page was reused */
    REVALIDATED("revalidated, not modified (304)"),
    /** the cache's copy was stale and the site sent the page again (it changed, or could not be revalidated) */
    REFETCHED("fetched again");

    private final String words;

    Delivery(String words) {
        this.words = words;
    }

    /** The words a report uses, e.g. {@code revalidated, not modified (304)}. */
    public String words() {
        return words;
    }

    /** The name in the sidecar and the events log, e.g. {@code revalidated}. */
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
