package dev.caravan.model;

import java.util.Locale;

/** What kind of page a source is, as the extractor sees it: the WCXB page types. */
public enum PageType {
    ARTICLE,
    FORUM,
    LISTING,
    COLLECTION,
    PRODUCT,
    SERVICE,
    DOCUMENTATION;

    /** The lower-case name used in the report sidecar, e.g. {@code forum}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
