package dev.caravan.cache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.CacheHeaders;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** RFC 9111 freshness for a private cache, with research.cache.ttl-seconds (here 1 hour) where a site says nothing. */
class HttpFreshnessTest {

    private static final Instant RECEIVED = Instant.parse("2026-05-06T12:00:00Z");
    private static final Duration FALLBACK = Duration.ofHours(1);

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            # what the site sent                     | Cache-Control                  | Expires                         | Date                            | Age  | storable | fresh for (s)
            nothing: the configured ttl              | -                              | -                               | -                               | -    | true     | 3600
            max-age                                  | max-age=600                    | -                               | -                               | -    | true     | 600
            max-age wins over Expires                | public, max-age=60             | Wed, 06 May 2026 14:00:00 GMT   | Wed, 06 May 2026 12:00:00 GMT   | -    | true     | 60
            max-age less the Age a cache added       | max-age=600                    | -                               | -                               | 100  | true     | 500
            max-age less the time since its Date     | max-age=600                    | -                               | Wed, 06 May 2026 11:58:00 GMT   | -    | true     | 480
            max-age used up on the way               | max-age=60                     | -                               | -                               | 90   | true     | 0
            no-store: never kept                     | no-store                       | -                               | -                               | -    | false    | 0
            no-store among others, any case          | private, No-Store, max-age=60  | -                               | -                               | -    | false    | 0
            no-cache: kept, always revalidated       | no-cache                       | -                               | -                               | -    | true     | 0
            max-age=0                                | max-age=0, must-revalidate     | -                               | -                               | -    | true     | 0
            a malformed max-age is stale             | max-age=soon                   | -                               | -                               | -    | true     | 0
            a quoted max-age                         | max-age="120"                  | -                               | -                               | -    | true     | 120
            Expires from the Date                    | -                              | Wed, 06 May 2026 14:00:00 GMT   | Wed, 06 May 2026 12:00:00 GMT   | -    | true     | 7200
            Expires from arrival without a Date      | -                              | Wed, 06 May 2026 12:30:00 GMT   | -                               | -    | true     | 1800
            Expires in the past                      | -                              | Wed, 06 May 2026 11:00:00 GMT   | -                               | -    | true     | 0
            an Expires that is no date: expired      | -                              | 0                               | -                               | -    | true     | 0
            Cache-Control without a lifetime: ttl    | public                         | -                               | -                               | -    | true     | 3600
            """)
    void freshness_follows_the_sites_headers_and_the_configured_ttl_where_it_says_nothing(
            String what, String cacheControl, String expires, String date, String age, boolean storable, long fresh) {
        HttpFreshness.Verdict verdict =
                HttpFreshness.of(new CacheHeaders(null, null, cacheControl, expires, date, age), RECEIVED, FALLBACK);

        assertThat(verdict.storable()).as(what).isEqualTo(storable);
        assertThat(Duration.between(RECEIVED, verdict.freshUntil()).toSeconds())
                .as(what)
                .isEqualTo(fresh);
        assertThat(verdict.fresh(RECEIVED)).as(what).isEqualTo(fresh > 0);
    }
}
