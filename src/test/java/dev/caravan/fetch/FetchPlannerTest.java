package dev.caravan.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.FetchTask;
import dev.caravan.model.Query;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FetchPlannerTest {

    private final FetchPlanner planner = new FetchPlanner(new UrlNormalizer());

    private static SearchResults hits(String... urls) {
        return new SearchResults(
                "tavily",
                null,
                Arrays.stream(urls)
                        .map(u -> new SearchHit(u, "t " + u, "s", 0.5, null))
                        .toList(),
                false);
    }

    private static Query urls(String... urls) {
        return new Query("q", null, null, null, null, null, null, null, List.of(urls));
    }

    private static List<String> urlsOf(List<FetchTask> tasks) {
        return tasks.stream().map(FetchTask::url).toList();
    }

    @Test
    void search_hits_come_first_then_the_jobs_own_urls_numbered_in_that_order() {
        List<FetchTask> tasks =
                planner.plan(urls("https://c.example/3"), hits("https://a.example/1", "https://b.example/2"));

        assertThat(tasks)
                .extracting(FetchTask::order, FetchTask::url, FetchTask::origin)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(1, "https://a.example/1", "search"),
                        org.assertj.core.groups.Tuple.tuple(2, "https://b.example/2", "search"),
                        org.assertj.core.groups.Tuple.tuple(3, "https://c.example/3", "job"));
        assertThat(tasks.get(0).hit().title()).isEqualTo("t https://a.example/1");
        assertThat(tasks.get(2).hit()).isNull();
    }

    @Test
    void urls_that_normalise_alike_are_fetched_once_keeping_the_first() {
        List<FetchTask> tasks = planner.plan(
                urls("https://EXAMPLE.org:443/page#intro", "https://example.org/other"),
                hits("https://example.org/page", "https://Example.org/page#comments", "https://b.example/x"));

        assertThat(tasks)
                .extracting(FetchTask::order, FetchTask::url, FetchTask::normalizedUrl)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(1, "https://example.org/page", "https://example.org/page"),
                        org.assertj.core.groups.Tuple.tuple(2, "https://b.example/x", "https://b.example/x"),
                        org.assertj.core.groups.Tuple.tuple(
                                3, "https://example.org/other", "https://example.org/other"));
    }

    @Test
    void fifteen_links_to_one_page_that_differ_only_in_tracking_parameters_are_one_source() {
        String[] links = new String[15];
        for (int i = 0; i < links.length; i++) {
            links[i] = "https://a.example/story?utm_source=s" + i + "&utm_medium=m&gclid=g" + i + "&fbclid=f" + i;
        }

        List<FetchTask> tasks = planner.plan(Query.of("q"), hits(links));

        assertThat(tasks).hasSize(1);
        assertThat(tasks.get(0).url()).as("fetched as found").isEqualTo(links[0]);
        assertThat(tasks.get(0).normalizedUrl()).isEqualTo("https://a.example/story");
    }

    @Test
    void a_search_hit_that_the_job_also_lists_keeps_its_search_origin() {
        List<FetchTask> tasks = planner.plan(urls("https://a.example/1"), hits("https://a.example/1"));

        assertThat(tasks).singleElement().satisfies(t -> {
            assertThat(t.origin()).isEqualTo("search");
            assertThat(t.order()).isEqualTo(1);
        });
    }

    @Test
    void tasks_are_handed_out_host_by_host_in_turn() {
        List<FetchTask> tasks = planner.plan(
                Query.of("q"),
                hits(
                        "https://a.example/1",
                        "https://a.example/2",
                        "https://a.example/3",
                        "https://b.example/1",
                        "https://c.example/1",
                        "https://b.example/2"));

        assertThat(urlsOf(tasks))
                .containsExactly(
                        "https://a.example/1",
                        "https://b.example/1",
                        "https://c.example/1",
                        "https://a.example/2",
                        "https://b.example/2",
                        "https://a.example/3");
        assertThat(tasks).extracting(FetchTask::order).containsExactly(1, 4, 5, 2, 6, 3);
    }

    @Test
    void a_host_differing_only_in_case_shares_its_turn() {
        List<FetchTask> tasks =
                planner.plan(Query.of("q"), hits("https://a.example/1", "https://A.EXAMPLE/2", "https://b.example/1"));

        assertThat(urlsOf(tasks)).containsExactly("https://a.example/1", "https://b.example/1", "https://A.EXAMPLE/2");
    }

    @Test
    void an_unusable_url_is_still_planned_so_the_report_can_say_why_it_failed() {
        List<FetchTask> tasks = planner.plan(urls("  not a url  "), hits("https://a.example/1"));

        assertThat(tasks)
                .extracting(FetchTask::url, FetchTask::normalizedUrl)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("https://a.example/1", "https://a.example/1"),
                        org.assertj.core.groups.Tuple.tuple("  not a url  ", "not a url"));
    }

    @Test
    void no_hits_and_no_urls_plan_nothing() {
        assertThat(planner.plan(Query.of("q"), SearchResults.none())).isEmpty();
    }
}
