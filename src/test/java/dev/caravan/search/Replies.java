package dev.caravan.search;

import dev.caravan.model.Query;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** How a provider reads an answer to a query, without sending anything. */
final class Replies {

    private Replies() {}

    /** The provider's reply to {@code status}, {@code retryAfter} and {@code body}, answering a plain query. */
    static SearchReply of(HttpSearchProvider provider, int status, @Nullable String retryAfter, String body) {
        return of(provider, Query.of("heat pumps"), status, retryAfter, body);
    }

    /** The provider's reply to an answer to {@code query}. */
    static SearchReply of(
            HttpSearchProvider provider, Query query, int status, @Nullable String retryAfter, String body) {
        return provider.reply(provider.request(query), new SearchHttp.Answer(status, retryAfter, body));
    }

    /** A query asking for at most {@code max} results. */
    static Query atMost(int max) {
        return new Query("heat pumps", max, null, null, null, List.of(), List.of(), null, null);
    }
}
