package dev.caravan.testing;

import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchTask;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.PageMetadata;
import dev.caravan.model.Retrieval;
import dev.caravan.model.SearchHit;
import dev.caravan.model.TextBlock;
import dev.caravan.pages.FindingSelector;
import dev.caravan.rank.PassageRanker;
import dev.caravan.rank.RankingSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Builders for the pages, tasks and selectors of the report tests. */
public final class Pages {

    public static final Instant FETCHED_AT = Instant.parse("2026-04-05T06:07:08Z");

    private Pages() {}

    /** A fetched page whose text is given line by line: "# " lines are headings, every other line a paragraph. */
    public static FetchedPage fetched(String url, String title, String text) {
        List<TextBlock> blocks = blocks(text);
        String excerpt = blocks.stream()
                .filter(b -> b.kind() == TextBlock.Kind.PARAGRAPH)
                .findFirst()
                .map(TextBlock::text)
                .orElse("");
        return new FetchedPage(
                new Retrieval(url, url, 200, FETCHED_AT),
                FetchOutcome.OK,
                null,
                "text/html",
                PageMetadata.titled(title),
                text,
                null,
                text.length(),
                excerpt,
                blocks);
    }

    public static List<TextBlock> blocks(String text) {
        List<TextBlock> blocks = new ArrayList<>();
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.isEmpty()) continue;
            blocks.add(
                    l.startsWith("#")
                            ? new TextBlock(TextBlock.Kind.HEADING, l.replaceFirst("^#+\\s*", ""))
                            : new TextBlock(TextBlock.Kind.PARAGRAPH, l));
        }
        return blocks;
    }

    public static FetchedPage failed(String url, FetchOutcome outcome, String reason, Integer status) {
        return FetchedPage.failed(Retrieval.failed(url, url, status), outcome, reason);
    }

    public static FetchTask task(int order, String url) {
        return new FetchTask(order, url, url, new SearchHit(url, "Hit title " + order, "snippet", 0.5, null));
    }

    public static FetchTask jobTask(int order, String url) {
        return new FetchTask(order, url, url, null);
    }

    /** A lexical-only selector (no model to load): at most {@code max} findings, {@code perSource} from one page. */
    public static FindingSelector selector(int max, int perSource) {
        return new FindingSelector(new PassageRanker(new RankingSettings(max, perSource, 0.2, 48), Optional.empty()));
    }
}
