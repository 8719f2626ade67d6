package dev.caravan.config;

import dev.caravan.files.AtomicFiles;
import dev.caravan.model.LogText;
import dev.caravan.pages.FindingSelector;
import dev.caravan.pages.PageStore;
import dev.caravan.rank.OnnxSentenceEncoder;
import dev.caravan.rank.PassageRanker;
import dev.caravan.rank.RankingSettings;
import dev.caravan.rank.SentenceEncoder;
import dev.caravan.report.ReportBuilder;
import dev.caravan.report.ReportSettings;
import dev.caravan.report.ReportWriter;
import dev.caravan.report.RunFolders;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds ranking and reporting from the {@code research.report.*} and {@code research.output.dir} keys: the ranker
 * (its sentence-embedding model loaded now), what a query keeps of each page (its candidate passages, a large page on
 * disk), and the report's builder, writer and run folders. Temp files an earlier crash left in the output folder are
 * swept first.
 */
public final class ReportStage {

    private static final Logger LOG = LoggerFactory.getLogger("caravan");

    record Built(
            ReportSettings settings,
            PageStore store,
            FindingSelector findings,
            ReportBuilder builder,
            ReportWriter writer,
            RunFolders runs) {}

    private ReportStage() {}

    static Built build(PropertyReader props, Clock clock) {
        ReportSettings settings = new ReportSettings(
                Path.of(props.string("research.output.dir")), props.intValue("research.report.inline-max-chars"));
        int swept = AtomicFiles.sweepTempFiles(settings.outputDir());
        if (swept > 0)
            LOG.warn(
                    "removed {} left in {} by an earlier crash",
                    LogText.count(swept, "incomplete file", "incomplete files"),
                    settings.outputDir());
        FindingSelector findings = new FindingSelector(ranker(props));
        return new Built(
                settings,
                new PageStore(settings.outputDir(), settings.inlineMaxChars()),
                findings,
                new ReportBuilder(settings, findings, clock),
                new ReportWriter(),
                new RunFolders(settings.outputDir(), clock));
    }

    /** The findings ranking, with the sentence-embedding model loaded now (about a second) unless it is "none". */
    public static PassageRanker ranker(PropertyReader props) {
        RankingSettings settings = new RankingSettings(
                props.intIn("research.report.max-findings", 1, 100, "findings"),
                props.intIn("research.report.max-findings-per-source", 1, 100, "findings"),
                props.orEmpty("research.report.min-relevance").isBlank()
                        ? Double.NaN // the floor fitted for the model
                        : props.doubleIn("research.report.min-relevance", 0, 1),
                props.intIn("research.report.rerank-candidates", 1, 1000, "passages"),
                props.doubleIn("research.report.min-relevance-lexical", 0, 1));
        String model = props.string("research.report.model").strip();
        if (model.equalsIgnoreCase("none")) {
            LOG.info("findings: lexical ranking only (BM25), research.report.model = none");
            return new PassageRanker(settings, Optional.empty());
        }
        if (!OnnxSentenceEncoder.MODELS.contains(model)) {
            throw PropertyReader.notAllowed(
                    "research.report.model",
                    model,
                    "give none or one of " + String.join(", ", OnnxSentenceEncoder.MODELS));
        }
        long start = System.nanoTime();
        SentenceEncoder encoder = OnnxSentenceEncoder.load(model);
        LOG.info(
                "findings: BM25 and the {} sentence-embedding model (loaded in {} ms)",
                model,
                (System.nanoTime() - start) / 1_000_000);
        return new PassageRanker(settings, Optional.of(encoder));
    }
}
