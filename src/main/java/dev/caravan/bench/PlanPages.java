package dev.caravan.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.caravan.config.PropertyReader;
import dev.caravan.extract.ContentExtractor;
import dev.caravan.extract.PageConverter;
import dev.caravan.extract.PdfText;
import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchResponse;
import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.Job;
import dev.caravan.model.PageResult;
import dev.caravan.model.Query;
import dev.caravan.model.Retrieval;
import dev.caravan.model.SearchHit;
import dev.caravan.model.SearchResults;
import dev.caravan.model.SuppressForbidden;
import dev.caravan.report.FindingSelector;
import dev.caravan.report.PageStore;
import dev.caravan.report.ReportSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.zip.GZIPInputStream;

/**
 * A research plan's pages run through the pipeline's own code (conversion and extraction, eviction, the ranking's
 * first pass), as if a search had returned them: what the research and answer benchmarks start from.
 */
@SuppressForbidden("a command-line benchmark: a page it cannot convert is said on stdout")
final class PlanPages {

    /**
     * One query of the plan with its pages, ready for the findings to be chosen.
     *
     * @param search the plan's results as a search result
     * @param pages the pages with their candidate passages, in result order
     * @param converted how many pages were converted
     * @param firstPassMs the time of the ranking's first pass (per page, lexical) over them
     */
    record QueryPages(SearchResults search, List<PageResult> pages, int converted, double firstPassMs) {}

    private final Path dataset;
    private final FindingSelector selector;
    private final Clock clock;
    private final PageConverter converter = new PageConverter(new ContentExtractor(), new PdfText(50, 10_000));
    private final PageStore store;

    PlanPages(Path dataset, ReportSettings report, FindingSelector selector, Clock clock) {
        this.dataset = dataset;
        this.selector = selector;
        this.clock = clock;
        this.store = new PageStore(report);
    }

    /** The plan's queries, in order. */
    static List<Query> queries(JsonNode plan) {
        List<Query> queries = new ArrayList<>();
        for (JsonNode p : plan) queries.add(Query.of(p.path("query").asText()));
        return queries;
    }

    /** The pages of query {@code q} of {@code job}, from the plan's entry for it. */
    QueryPages query(Job job, int q, JsonNode entry) throws IOException {
        JsonNode results = entry.path("results");
        List<FetchTask> tasks = new ArrayList<>();
        List<FetchedPage> fetched = new ArrayList<>();
        List<SearchHit> hits = new ArrayList<>();
        int converted = 0;
        for (int r = 0; r < results.size(); r++) {
            JsonNode result = results.get(r);
            String url = result.path("url").asText();
            SearchHit hit = new SearchHit(url, result.path("title").asText(""), "", 1.0 - r * 0.1, null);
            hits.add(hit);
            tasks.add(new FetchTask(r, url, url, hit));
            FetchedPage page = store.evictIfLarge(
                    converter.convert(new FetchResponse(
                            new Retrieval(url, url, 200, clock.instant()),
                            FetchOutcome.OK,
                            null,
                            "text/html",
                            read(dataset.resolve(result.path("file").asText())))),
                    job.folder());
            if (page.fetched()) converted++;
            else System.out.println("page not converted: " + result.path("id").asText() + " (" + page.reason() + ")");
            fetched.add(page);
        }
        long start = System.nanoTime();
        List<PageResult> ranked = new ArrayList<>();
        for (int r = 0; r < tasks.size(); r++) {
            ranked.add(selector.candidates(
                    tasks.get(r),
                    store.withBlocks(fetched.get(r)),
                    job.queries().get(q),
                    false));
        }
        double firstMs = (System.nanoTime() - start) / 1e6;
        return new QueryPages(new SearchResults("plan", null, hits, false), ranked, converted, firstMs);
    }

    /** Settings from {@code file}, each overridden by a {@code -Dkey=value} of the same name. */
    static PropertyReader settings(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        return new PropertyReader(key -> Optional.ofNullable(System.getProperty(key, p.getProperty(key))));
    }

    /** Text as the research kit's scorer compares it: lower case, white space (non-breaking too) collapsed. */
    static String normalised(String text) {
        return text.replace('\u00a0', ' ').replaceAll("\\s+", " ").strip().toLowerCase(Locale.ROOT);
    }

    private static byte[] read(Path file) throws IOException {
        try (InputStream in = file.toString().endsWith(".gz")
                ? new GZIPInputStream(Files.newInputStream(file))
                : Files.newInputStream(file)) {
            return in.readAllBytes();
        }
    }
}
