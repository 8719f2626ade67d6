package dev.caravan.config;

import dev.caravan.fetch.UrlNormalizer;
import dev.caravan.fetch.guard.UrlGuard;
import dev.caravan.files.DailyCounts;
import dev.caravan.search.ResultCache;
import dev.caravan.search.SearchBudget;
import dev.caravan.search.SearchHttp;
import dev.caravan.search.SearchProviderRegistry;
import dev.caravan.search.Searcher;
import dev.caravan.web.WebClient;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the search stage: the providers ({@link SearchProviders}) sending through Caravan's one HTTP client, the
 * searcher with its cache, and the budgets ({@code research.budget.*}) with their day's counts kept in the output
 * folder.
 */
final class SearchStage {

    private static final Logger LOG = LoggerFactory.getLogger("caravan");

    /** @param noProviderWarning the warning when no provider can be used, logged last at startup, where it is seen */
    record Built(Searcher searcher, SearchBudget budgets, Optional<String> noProviderWarning) {}

    private SearchStage() {}

    static Built build(
            PropertyReader props,
            Function<String, String> env,
            UrlGuard guard,
            WebClient web,
            RuntimeSettings runtime,
            ResultCache cache,
            Path outputDir,
            Clock clock) {
        SearchProviderRegistry providers =
                SearchProviders.build(props, env, guard, new SearchHttp(web).sender(), runtime, clock);
        providers.statusLines().forEach(LOG::info);
        SearchBudget budgets = new SearchBudget(
                new SearchBudget.Limits(
                        props.intIn("research.budget.search-calls-per-job", 0, 1_000_000, "search calls"),
                        props.intIn("research.budget.credits-per-job", 0, 1_000_000, "credits"),
                        props.intIn("research.budget.credits-per-day", 0, SearchBudget.MAX_CREDITS_PER_DAY, "credits"),
                        props.intIn("research.budget.pages-per-job", 0, 1_000_000, "pages")),
                outputDir.resolve(props.plainFileName("research.budget.daily-credits-file")),
                onCorruptFile(props, "research.budget.credits-on-corrupt-file"),
                clock);
        budgets.startupWarning().ifPresent(LOG::warn);
        // results are de-duplicated by the URL the fetch stage would fetch
        UrlNormalizer normalizer = new UrlNormalizer();
        return new Built(
                new Searcher(providers, cache, url -> normalizer.normalize(url).orElse(url)),
                budgets,
                providers.noUsableProviderWarning());
    }

    /**
     * What a damaged file of a day's counts means ({@code key}): the day is spent (the default, fails closed) or counts
     * from 0.
     */
    static DailyCounts.OnCorruptFile onCorruptFile(PropertyReader props, String key) {
        String value = props.string(key).strip().toLowerCase(java.util.Locale.ROOT);
        return switch (value) {
            case "spent" -> DailyCounts.OnCorruptFile.SPENT;
            case "reset" -> DailyCounts.OnCorruptFile.RESET;
            default ->
                throw PropertyReader.notAllowed(
                        key, value, "give spent (the day counts as used up) or reset (the day counts from 0)");
        };
    }
}
