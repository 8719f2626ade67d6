package dev.caravan.model;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One search result as the provider returned it.
 *
 * @param url the result URL
 * @param title the provider's title, may be empty
 * @param snippet the provider's snippet, may be empty
 * @param score relevance 0..1 as the provider scored it (Tavily), from its rank (other providers), or the
 *     reciprocal-rank-fusion score when several providers' results were merged
 * @param publishedDate the provider's date, news only; may be null
 * @param foundBy which provider(s) returned it and at what rank (1 = first)
 */
public record SearchHit(
        String url,
        String title,
        String snippet,
        double score,
        @Nullable String publishedDate,
        List<Rank> foundBy) {

    /** One provider's rank for a result. */
    public record Rank(String provider, int rank) {}

    public SearchHit {
        foundBy = foundBy == null ? List.of() : List.copyOf(foundBy);
    }

    public SearchHit(String url, String title, String snippet, double score, String publishedDate) {
        this(url, title, snippet, score, publishedDate, List.of());
    }

    /** The same hit, ranked by one provider. */
    public SearchHit rankedBy(String provider, int rank) {
        return new SearchHit(url, title, snippet, score, publishedDate, List.of(new Rank(provider, rank)));
    }
}
