package dev.caravan.fetch;

import dev.caravan.model.FetchTask;
import dev.caravan.model.Query;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import dev.caravan.web.Urls;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a query's search results and listed URLs into fetch tasks: de-duplicated by normalised URL, numbered in
 * result order, and handed out host by host in turn so that one slow host does not hold every fetch thread.
 * Thread-safe.
 */
public class FetchPlanner {

    private final UrlNormalizer normalizer;

    public FetchPlanner(UrlNormalizer normalizer) {
        this.normalizer = normalizer;
    }

    public List<FetchTask> plan(Query query, SearchResults results) {
        Map<String, FetchTask> tasks = new LinkedHashMap<>();
        for (SearchHit hit : results.hits()) add(tasks, hit.url(), hit);
        for (String url : query.urls()) add(tasks, url, null);
        return interleaveByHost(new ArrayList<>(tasks.values()));
    }

    private void add(Map<String, FetchTask> tasks, String url, SearchHit hit) {
        String key = normalizer.normalize(url).orElse(url == null ? "" : url.strip());
        tasks.putIfAbsent(key, new FetchTask(tasks.size() + 1, url, key, hit));
    }

    static List<FetchTask> interleaveByHost(List<FetchTask> tasks) {
        Map<String, Deque<FetchTask>> byHost = new LinkedHashMap<>();
        for (FetchTask task : tasks)
            byHost.computeIfAbsent(host(task), h -> new ArrayDeque<>()).add(task);
        List<FetchTask> ordered = new ArrayList<>(tasks.size());
        Set<Deque<FetchTask>> queues = new LinkedHashSet<>(byHost.values());
        while (!queues.isEmpty()) {
            queues.removeIf(queue -> {
                ordered.add(queue.poll());
                return queue.isEmpty();
            });
        }
        return ordered;
    }

    private static String host(FetchTask task) {
        return Urls.host(task.normalizedUrl()).orElse("");
    }
}
