package dev.caravan.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.benmanes.caffeine.cache.Caffeine;
import dev.caravan.model.Job;
import dev.caravan.model.Query;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Choosing, merging, falling back and budgets, with providers that answer from memory. */
class SearcherTest {

    @TempDir
    Path dir;

    private final List<String> sent = new ArrayList<>();

    /** A provider that answers its fixed URLs, or fails as told. */
    private SearchProvider fake(String name, SearchException failure, String... urls) {
        return new SearchProvider() {
            public String name() {
                return name;
            }

            public String displayName() {
                return name.toUpperCase(java.util.Locale.ROOT);
            }

            public String unusableReason() {
                return "";
            }

            public SearchCall request(Query q) {
                int credits = "advanced".equals(q.searchDepth()) ? 2 : 1;
                return new SearchCall(
                        name,
                        "GET",
                        "https://" + name + "/?q=" + q.text(),
                        "",
                        name + " " + q.text(),
                        credits,
                        List.of());
            }

            public SearchReply send(SearchCall call) {
                sent.add(call.provider());
                if (failure != null) return new SearchReply(null, failure);
                List<SearchHit> hits = new ArrayList<>();
                for (String u : urls) hits.add(new SearchHit(u, u, "", 0, null).rankedBy(name, hits.size() + 1));
                return new SearchReply(new SearchResults(name, null, hits, false), null);
            }
        };
    }

    private Searcher searcher(List<String> fallback, SearchProvider... providers) {
        var registry = new SearchProviderRegistry(
                List.of(providers), providers[0].name(), fallback, new SearchProviderRegistry.BreakerSettings(10, 60));
        return new Searcher(registry, Caffeine.newBuilder().build(), url -> url.replaceAll("#.*$", ""));
    }

    @Test
    void two_providers_are_fused_by_reciprocal_rank_and_a_url_both_returned_comes_first_once() throws Exception {
        Searcher s = searcher(
                List.of(),
                fake("a", null, "https://x.org/1", "https://x.org/shared"),
                fake("b", null, "https://x.org/shared#top", "https://x.org/2"));

        SearchResults r = s.search(Query.of("q").withProviders(List.of("a", "b")));

        assertThat(r.provider()).isEqualTo("a+b");
        assertThat(r.hits())
                .extracting(SearchHit::url)
                .containsExactly("https://x.org/shared", "https://x.org/1", "https://x.org/2");
        assertThat(r.hits().get(0).foundBy()).containsExactly(new SearchHit.Rank("a", 2), new SearchHit.Rank("b", 1));
        assertThat(r.hits().get(0).score()).isEqualTo(Math.round((1.0 / 62 + 1.0 / 61) * 1e6) / 1e6);
    }

    @Test
    void a_provider_that_cannot_be_used_hands_over_to_the_fallback_and_the_results_say_so() throws Exception {
        Searcher s = searcher(
                List.of("b"),
                fake("a", new ProviderUnavailableException("key rejected")),
                fake("b", null, "https://x.org/1"));

        SearchResults r = s.search(Query.of("q"));

        assertThat(r.provider()).isEqualTo("b");
        assertThat(r.notes())
                .containsExactly(
                        "A could not be used (key rejected); searched with B instead (research.search.fallback)");
        assertThat(sent).containsExactly("a", "b");
    }

    @Test
    void a_bad_request_is_not_a_reason_to_fall_back() {
        Searcher s = searcher(List.of("b"), fake("a", new SearchException("bad request")), fake("b", null));

        assertThatThrownBy(() -> s.search(Query.of("q"))).hasMessage("bad request");
        assertThat(sent).containsExactly("a");
    }

    @Test
    void an_answer_already_cached_costs_no_call_and_no_budget() throws Exception {
        Searcher s = searcher(List.of(), fake("a", null, "https://x.org/1"));
        SearchBudget budget =
                new SearchBudget(new SearchBudget.Limits(1, 10, 10), dir.resolve("credits.json"), Clock.systemUTC());
        SearchBudget.Job job = budget.forJob(null);

        s.search(job, Query.of("q"));
        SearchResults again = s.search(job, Query.of("q"));

        assertThat(again.cached()).isTrue();
        assertThat(sent).hasSize(1);
        assertThat(job.calls()).isEqualTo(1);
    }

    @Test
    void when_the_jobs_search_calls_are_used_up_the_next_query_is_not_searched_and_says_why() throws Exception {
        Searcher s = searcher(List.of(), fake("a", null, "https://x.org/1"));
        SearchBudget budget =
                new SearchBudget(new SearchBudget.Limits(5, 100, 100), dir.resolve("credits.json"), Clock.systemUTC());
        SearchBudget.Job job = budget.forJob(new Job("j", List.of(Query.of("q")), null, new Job.Limits(2, null, null)));

        s.search(job, Query.of("one"));
        s.search(job, Query.of("two"));
        SearchResults third = s.search(job, Query.of("three"));

        assertThat(third.wasNotSearched()).isTrue();
        assertThat(third.notes())
                .containsExactly("not searched: the budget of 2 search calls for this job was reached");
        assertThat(sent).hasSize(2);
    }

    @Test
    void advanced_depth_costs_two_credits_against_the_jobs_credit_budget() throws Exception {
        Searcher s = searcher(List.of(), fake("a", null));
        SearchBudget budget =
                new SearchBudget(new SearchBudget.Limits(10, 3, 100), dir.resolve("credits.json"), Clock.systemUTC());
        SearchBudget.Job job = budget.forJob(null);
        Query advanced = new Query("deep", null, null, "advanced", null, null, null, null, null);

        s.search(job, advanced);
        SearchResults second = s.search(job, new Query("deeper", null, null, "advanced", null, null, null, null, null));

        assertThat(second.notes())
                .containsExactly("not searched: the budget of 3 search credits for this job was reached");
    }

    @Test
    void the_days_credit_count_survives_a_restart_and_starts_again_the_next_day() throws Exception {
        Path file = dir.resolve("search-credits.json");
        Clock today = Clock.fixed(Instant.parse("2026-11-23T10:00:00Z"), ZoneOffset.UTC);
        SearchBudget first = new SearchBudget(new SearchBudget.Limits(10, 10, 3), file, today);
        first.forJob(null).spend(2);

        SearchBudget afterRestart = new SearchBudget(new SearchBudget.Limits(10, 10, 3), file, today);

        assertThat(afterRestart.usedToday()).isEqualTo(2);
        assertThat(Files.readString(file)).isEqualTo("{\"day\":\"2026-11-23\",\"credits\":2}\n");
        assertThat(afterRestart.forJob(null).spend(2))
                .hasValue(
                        "not searched: the daily budget of 3 search credits was reached (research.budget.credits-per-day; it starts again at 00:00 UTC)");
        Clock tomorrow = Clock.fixed(Instant.parse("2026-11-24T00:00:01Z"), ZoneOffset.UTC);
        assertThat(new SearchBudget(new SearchBudget.Limits(10, 10, 3), file, tomorrow).usedToday())
                .isZero();
    }

    @Test
    void a_job_can_lower_the_configured_limits_but_not_raise_them() {
        SearchBudget budget =
                new SearchBudget(new SearchBudget.Limits(3, 100, 100), dir.resolve("c.json"), Clock.systemUTC());

        SearchBudget.Job job =
                budget.forJob(new Job("j", List.of(Query.of("q")), null, new Job.Limits(50, null, null)));
        for (int i = 0; i < 3; i++) assertThat(job.spend(1)).isEmpty();

        assertThat(job.spend(1)).hasValue("not searched: the budget of 3 search calls for this job was reached");
    }

    private static String[] urls(int n) {
        String[] urls = new String[n];
        for (int i = 0; i < n; i++) urls[i] = "https://host" + i + ".example/";
        return urls;
    }

    @ParameterizedTest(name = "max_results {0}: {1} kept of 3000")
    @CsvSource({"5, 5", "0, 0", ", 20"})
    void a_provider_answering_more_than_asked_is_cut_to_max_results(Integer maxResults, int kept) throws Exception {
        Searcher s = searcher(List.of(), fake("a", null, urls(3000)));
        Query query = new Query("q", maxResults, null, null, null, null, null, null, null);

        SearchResults r = s.search(query);

        assertThat(r.hits()).hasSize(kept);
        assertThat(r.hits()).extracting(SearchHit::url).startsWith(urls(kept));
        assertThat(s.search(query).hits()).as("the cached answer").hasSize(kept);
    }

    @Test
    void merged_providers_are_each_cut_before_they_are_fused() throws Exception {
        Searcher s = searcher(List.of(), fake("a", null, urls(3000)), fake("b", null, urls(3000)));

        SearchResults r =
                s.search(new Query("q", 3, null, null, null, null, null, null, null).withProviders(List.of("a", "b")));

        assertThat(r.hits()).extracting(SearchHit::url).containsExactly(urls(3));
    }

    @Test
    void a_query_that_only_lists_pages_is_not_searched_at_all() throws Exception {
        Searcher s = searcher(List.of(), fake("a", null, "https://x.org/1"));

        SearchResults r =
                s.search(new Query(null, null, null, null, null, null, null, null, List.of("https://x.org/p")));

        assertThat(r.provider()).isEqualTo("none");
        assertThat(sent).isEmpty();
    }
}
