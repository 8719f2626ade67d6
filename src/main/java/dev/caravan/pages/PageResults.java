package dev.caravan.pages;

import dev.caravan.model.Causes;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.PageFault;
import dev.caravan.model.PageResult;
import dev.caravan.model.Retrieval;
import java.util.List;

/** Page results for faults inside Caravan, so one broken page is a line in the report, not a failed job. */
public final class PageResults {

    private PageResults() {}

    public static PageResult internalError(FetchTask task, Throwable error) {
        return new PageResult(task, internalErrorPage(task.url(), error), false, List.of());
    }

    /** The page at {@code url} failed by a fault inside Caravan, saying which. */
    public static FetchedPage internalErrorPage(String url, Throwable error) {
        String detail = PageFault.describe(Causes.root(error));
        return FetchedPage.failed(
                Retrieval.failed(url, url, null),
                FetchOutcome.INTERNAL_ERROR,
                "internal error while processing the page (" + detail + ")");
    }
}
