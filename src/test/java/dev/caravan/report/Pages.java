package dev.caravan.report;

import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.PageMetadata;
import dev.caravan.model.SearchHit;
import dev.caravan.text.PlainText;
import java.time.Instant;

/** Builders for the pages and tasks of the report tests. */
final class Pages {

    static final Instant FETCHED_AT = Instant.parse("2026-04-05T06:07:08Z");

    private Pages() {}

    static FetchedPage fetched(String url, String title, String markdown) {
        return new FetchedPage(url, url, FetchOutcome.OK, null, 200, "text/html", FETCHED_AT, PageMetadata.titled(title),
                markdown, null, markdown.length(), PlainText.excerpt(markdown, 300));
    }

    static FetchedPage failed(String url, FetchOutcome outcome, String reason, Integer status) {
        return FetchedPage.failed(url, url, outcome, reason, status);
    }

    static FetchTask task(int order, String url) {
        return new FetchTask(order, url, url, new SearchHit(url, "Hit title " + order, "snippet", 0.5, null));
    }

    static FetchTask jobTask(int order, String url) {
        return new FetchTask(order, url, url, null);
    }
}
