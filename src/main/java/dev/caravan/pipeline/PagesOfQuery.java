package dev.caravan.pipeline;

import dev.caravan.model.PageResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.camel.AggregationStrategy;
import org.apache.camel.Exchange;

/**
 * Gathers the pages of one query, fetched in parallel, back into its {@link QueryRun}, in the query's own order
 * whatever order they finished in. A query with no pages keeps its body.
 */
public class PagesOfQuery implements AggregationStrategy {

    @Override
    @SuppressWarnings("unchecked")
    public Exchange aggregate(Exchange gathered, Exchange page) {
        Exchange into = gathered == null ? page : gathered;
        List<PageWork> pages = into.getProperty("caravanPages", List.class);
        if (pages == null) {
            pages = new ArrayList<>();
            into.setProperty("caravanPages", pages);
        }
        pages.add(page.getMessage().getBody(PageWork.class));
        return into;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void onCompletion(Exchange gathered, Exchange input) {
        if (gathered == null || input == null) return;
        List<PageWork> pages = gathered.getProperty("caravanPages", List.class);
        gathered.removeProperty("caravanPages");
        QueryRun query = input.getMessage().getBody(QueryRun.class);
        List<PageResult> results = new ArrayList<>();
        if (pages != null) {
            pages.stream()
                    .sorted(Comparator.comparingInt(w -> w.task().order()))
                    .forEach(w -> results.add(w.result()));
        }
        gathered.getMessage().setBody(query.withPages(results));
    }
}
