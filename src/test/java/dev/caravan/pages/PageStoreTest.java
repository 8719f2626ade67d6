package dev.caravan.pages;

import static dev.caravan.testing.Pages.failed;
import static dev.caravan.testing.Pages.fetched;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.FetchOutcome;
import dev.caravan.model.FetchedPage;
import dev.caravan.model.TextBlock;
import dev.caravan.testing.RenderedMarkdown;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PageStoreTest {

    private static final String URL = "https://Example.org/guides/heat-pumps?page=2";
    private static final String LONG = "# Guide\n\n" + "Heat pumps move heat. ".repeat(10);

    @TempDir
    Path out;

    private PageStore store(int inlineMaxChars) {
        return new PageStore(out, inlineMaxChars);
    }

    @Test
    void a_page_over_the_inline_limit_is_written_to_the_jobs_pages_folder_and_dropped_from_memory() throws Exception {
        FetchedPage page = fetched(URL, "Guide", LONG);

        FetchedPage evicted = store(100).evictIfLarge(page, "job-a");

        assertThat(evicted.markdown()).isNull();
        assertThat(evicted.evictedTo()).isEqualTo(out.resolve("job-a/pages").resolve(PageStore.fileName(URL)));
        assertThat(Files.readString(evicted.evictedTo())).isEqualTo(LONG);
        assertThat(evicted.chars()).isEqualTo(LONG.length());
        assertThat(evicted.title()).isEqualTo("Guide");
        assertThat(evicted.excerpt()).isEqualTo(page.excerpt());
        assertThat(PageStore.markdownOf(evicted)).isEqualTo(LONG);
    }

    @Test
    void an_evicted_page_is_written_safe_to_view_with_its_text_kept() throws Exception {
        String hostile =
                LONG + "\n\n<script>alert(1)</script> [click](JaVaScRiPt:alert(1)) <img src=x onerror=alert(1)>";

        FetchedPage evicted = store(100).evictIfLarge(fetched(URL, "Guide", hostile), "job-a");

        String written = Files.readString(evicted.evictedTo());
        for (RenderedMarkdown viewer : RenderedMarkdown.values()) {
            Document html = viewer.html(written);
            assertThat(RenderedMarkdown.foreignMarkup(html))
                    .as("rendered %s", viewer)
                    .isEmpty();
            assertThat(html.text()).contains("<script>alert(1)</script> click <img src=x onerror=alert(1)>");
        }
    }

    @Test
    void an_evicted_page_keeps_its_text_blocks_on_disk_not_in_memory_and_gets_them_back_exactly() {
        FetchedPage page = fetched(URL, "Guide", LONG)
                .withBlocks(List.of(
                        new TextBlock(TextBlock.Kind.HEADING, "Heat pumps"),
                        new TextBlock(
                                TextBlock.Kind.PARAGRAPH, "A heat pump moves heat; it costs $12 a month.\tTabs stay."),
                        new TextBlock(TextBlock.Kind.TABLE_ROW, "Model | Efficiency", true),
                        new TextBlock(TextBlock.Kind.TABLE_ROW, "Model | COP 4.1"),
                        // a code block's lines, with a tab after a newline, broke the old KIND<tab>text lines
                        new TextBlock(TextBlock.Kind.CODE, "pip install\ndevel\tpackage\n5\tfive"),
                        new TextBlock(TextBlock.Kind.LIST_ITEM, "Line one\r\nline two \"quoted\" \\ \u2028 end")));
        PageStore store = store(100);

        FetchedPage evicted = store.evictIfLarge(page, "job-a");

        assertThat(evicted.blocks()).isEmpty();
        assertThat(store.withBlocks(evicted).blocks()).isEqualTo(page.blocks());
        FetchedPage reused = store.reuse(evicted, "job-b").orElseThrow();
        assertThat(store.withBlocks(reused).blocks()).isEqualTo(page.blocks());
        assertThat(reused.evictedTo()).startsWith(out.resolve("job-b"));
    }

    @Test
    void blocks_stored_before_header_rows_were_marked_read_back_as_no_header() throws Exception {
        PageStore store = store(100);
        FetchedPage evicted = store.evictIfLarge(
                fetched(URL, "Guide", LONG).withBlocks(List.of(new TextBlock(TextBlock.Kind.PARAGRAPH, "x y"))),
                "job-a");
        Files.writeString( // as an older Caravan wrote them: kind and text only
                PageStore.blocksFile(evicted.evictedTo()),
                "{\"kind\":\"TABLE_ROW\",\"text\":\"Price | $1099.00\"}\n{\"kind\":\"CODE\",\"text\":\"a\\nb\"}\n");

        assertThat(store.withBlocks(evicted).blocks())
                .containsExactly(
                        new TextBlock(TextBlock.Kind.TABLE_ROW, "Price | $1099.00", false),
                        new TextBlock(TextBlock.Kind.CODE, "a\nb", false));
    }

    @Test
    void a_page_at_the_inline_limit_stays_inline() {
        FetchedPage page = fetched(URL, "Guide", LONG);

        assertThat(store(LONG.length()).evictIfLarge(page, "job-a")).isSameAs(page);
        assertThat(out.resolve("job-a")).doesNotExist();
    }

    @Test
    void a_failed_page_is_never_written() {
        FetchedPage page = failed(URL, FetchOutcome.TIMEOUT, "no response", null);

        assertThat(store(0).evictIfLarge(page, "job-a")).isSameAs(page);
        assertThat(out.resolve("job-a")).doesNotExist();
    }

    @Test
    void the_file_name_is_readable_and_ends_with_a_hash_of_the_url() {
        String name = PageStore.fileName(URL);

        assertThat(name).matches("example-org-guides-heat-pumps-page-2-[0-9a-f]{8}\\.md");
        assertThat(PageStore.fileName("https://example.org/guides/heat-pumps?page=2"))
                .isNotEqualTo(name);
        assertThat(PageStore.fileName("https://example.org/" + "a".repeat(200)))
                .matches("example-org-a{48}-[0-9a-f]{8}\\.md");
    }

    @Test
    void reuse_copies_an_evicted_file_into_the_new_jobs_folder() throws Exception {
        PageStore store = store(10);
        FetchedPage cached = store.evictIfLarge(fetched(URL, "Guide", LONG), "job-a");

        Optional<FetchedPage> reused = store.reuse(cached, "job-b");

        Path copy = out.resolve("job-b/pages").resolve(cached.evictedTo().getFileName());
        assertThat(reused).get().satisfies(p -> {
            assertThat(p.evictedTo()).isEqualTo(copy);
            assertThat(p.markdown()).isNull();
            assertThat(p.chars()).isEqualTo(LONG.length());
        });
        assertThat(Files.readString(copy)).isEqualTo(LONG);
        assertThat(cached.evictedTo()).exists();
    }

    @Test
    void reuse_within_the_same_job_keeps_the_file_where_it_is() throws Exception {
        PageStore store = store(10);
        FetchedPage cached = store.evictIfLarge(fetched(URL, "Guide", LONG), "job-a");

        assertThat(store.reuse(cached, "job-a"))
                .get()
                .extracting(FetchedPage::evictedTo)
                .isEqualTo(cached.evictedTo());
        try (var files = Files.list(out.resolve("job-a/pages"))) {
            assertThat(files.toList())
                    .containsExactlyInAnyOrder(cached.evictedTo(), PageStore.blocksFile(cached.evictedTo()));
        }
    }

    @Test
    void reuse_is_empty_when_the_evicted_file_is_gone() throws Exception {
        PageStore store = store(10);
        FetchedPage cached = store.evictIfLarge(fetched(URL, "Guide", LONG), "job-a");
        Files.delete(cached.evictedTo());

        assertThat(store.reuse(cached, "job-b")).isEmpty();
        assertThat(PageStore.markdownOf(cached)).isEmpty();
    }

    @Test
    void reuse_returns_an_inline_page_as_it_is() {
        FetchedPage page = fetched(URL, "Guide", "short");

        assertThat(store(10).reuse(page, "job-b")).containsSame(page);
    }

    @Test
    void reuse_copies_the_markdown_even_when_the_blocks_file_beside_it_is_gone() throws Exception {
        PageStore store = store(10);
        FetchedPage cached = store.evictIfLarge(fetched(URL, "Guide", LONG), "job-a");
        Files.delete(PageStore.blocksFile(cached.evictedTo()));

        FetchedPage reused = store.reuse(cached, "job-b").orElseThrow();

        assertThat(Files.readString(reused.evictedTo())).isEqualTo(LONG);
        assertThat(PageStore.blocksFile(reused.evictedTo())).doesNotExist();
    }

    @Test
    void the_markdown_of_a_failed_page_is_empty() {
        assertThat(PageStore.markdownOf(failed(URL, FetchOutcome.TIMEOUT, "late", null)))
                .isEmpty();
    }
}
