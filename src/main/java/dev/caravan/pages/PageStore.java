package dev.caravan.pages;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.caravan.files.AtomicFiles;
import dev.caravan.files.ShortHash;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.TextBlock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Evicts large pages to {@code output/<job>/pages/} as soon as they are converted, so only a file reference travels
 * on and stays in the cache: the Markdown goes to {@code <name>.md} (made safe to view, as in a report, by
 * {@link PageMarkdown#safe}), and the text blocks the findings are chosen from
 * to a hidden {@code .<name>.blocks} beside it (JSON lines, one block per line:
 * {@code {"kind":"TABLE_ROW","text":"...","header":false}}, so a block's own newlines and tabs cannot break the format;
 * a line written before {@code header} existed reads as no header row). Hands cached pages to a new job, copying both
 * files into that job's folder. Thread-safe.
 */
public class PageStore {

    private final Path outputDir;
    private final int inlineMaxChars;

    /**
     * @param outputDir the folder of the jobs' folders ({@code research.output.dir})
     * @param inlineMaxChars pages whose Markdown is longer are written to {@code pages/} and linked, not inlined
     *     ({@code research.report.inline-max-chars})
     */
    public PageStore(Path outputDir, int inlineMaxChars) {
        this.outputDir = outputDir;
        this.inlineMaxChars = inlineMaxChars;
    }

    /** The page unchanged when short or failed; else written to disk and returned without its Markdown. */
    public FetchedPage evictIfLarge(FetchedPage page, String job) {
        if (!page.fetched() || page.markdown() == null || page.chars() <= inlineMaxChars) return page;
        Path file = pagesDir(job).resolve(fileName(page.url()));
        AtomicFiles.write(
                file, PageMarkdown.safe(page.markdown())); // the report links to it: shown by the same viewers
        AtomicFiles.write(blocksFile(file), blocksText(page.blocks()));
        return page.evicted(file);
    }

    /** The page with its text blocks, read back from disk when it was evicted. */
    public FetchedPage withBlocks(FetchedPage page) {
        if (page.evictedTo() == null || !page.blocks().isEmpty()) return page;
        Path file = blocksFile(page.evictedTo());
        if (!Files.isRegularFile(file)) return page;
        List<TextBlock> blocks = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) blocks.add(JSON.readValue(line, TextBlock.class));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not read " + file, e);
        }
        return page.withBlocks(blocks);
    }

    /** Blocks as JSON lines: a block's text may hold newlines and tabs (code, tables). */
    private static final ObjectMapper JSON = new ObjectMapper();

    static Path blocksFile(Path markdown) {
        return markdown.resolveSibling("." + markdown.getFileName().toString().replaceFirst("\\.md$", "") + ".blocks");
    }

    private static String blocksText(List<TextBlock> blocks) {
        StringBuilder text = new StringBuilder();
        try {
            for (TextBlock block : blocks)
                text.append(JSON.writeValueAsString(block)).append('\n');
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a text block could not be written as JSON", e);
        }
        return text.toString();
    }

    /**
     * A cached page made ready for {@code job}, or empty when the cache held nothing usable (for example when the
     * evicted file it points to was deleted since).
     */
    public Optional<FetchedPage> reuse(FetchedPage page, String job) {
        if (page.evictedTo() == null) return Optional.of(page);
        if (!Files.isRegularFile(page.evictedTo())) return Optional.empty();
        Path target = pagesDir(job).resolve(page.evictedTo().getFileName());
        try {
            if (!Files.isSameFile(page.evictedTo().getParent(), ensureDir(target.getParent()))) {
                Files.copy(page.evictedTo(), target, StandardCopyOption.REPLACE_EXISTING);
                Path blocks = blocksFile(page.evictedTo());
                if (Files.isRegularFile(blocks)) {
                    Files.copy(blocks, blocksFile(target), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not copy cached page to " + target, e);
        }
        return Optional.of(page.evicted(target));
    }

    /** Reads the Markdown of a page, inline or evicted. */
    public static String markdownOf(FetchedPage page) {
        if (page.markdown() != null) return page.markdown();
        if (page.evictedTo() == null) return "";
        try {
            return Files.readString(page.evictedTo());
        } catch (IOException e) {
            return "";
        }
    }

    private Path pagesDir(String job) {
        return outputDir.resolve(job).resolve("pages");
    }

    private static Path ensureDir(Path dir) throws IOException {
        return Files.createDirectories(dir);
    }

    static String fileName(String url) {
        String readable = url.replaceFirst("^[a-zA-Z]+://", "")
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-+|-+$", "");
        if (readable.length() > 60) readable = readable.substring(0, 60).replaceAll("-+$", "");
        return readable + "-" + ShortHash.of(url) + ".md";
    }
}
