package dev.caravan.report;

import dev.caravan.model.PageResult;
import java.util.Optional;

/** The one rule for a source's title, shared by the Markdown report and its JSON sidecar. */
final class SourceTitle {

    private SourceTitle() {}

    /** The page's own title, else the search result's title; a blank title counts as none. */
    static Optional<String> of(PageResult result) {
        String own = result.page().title();
        if (own != null && !own.isBlank()) return Optional.of(own);
        return Optional.ofNullable(result.task().hit()).map(hit -> hit.title()).filter(t -> !t.isBlank());
    }
}
