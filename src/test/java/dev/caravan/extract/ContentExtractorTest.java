package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.ExtractedPage;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class ContentExtractorTest {

    @Test
    void navigation_header_footer_and_cookie_banner_are_removed() {
        String md = Fixtures.extract("news-article").markdown();
        assertThat(md).contains("Councillors in the harbour town voted", "Opponents argued");
        assertThat(md).doesNotContain("We use cookies", "Sport", "Weather", "All rights reserved", "Contact");
    }

    @Test
    void share_bars_related_articles_comments_and_ads_are_removed() {
        String md = Fixtures.extract("news-article").markdown();
        assertThat(md)
                .doesNotContain(
                        "Share on Twitter",
                        "Related stories",
                        "Storm damages harbour",
                        "About time!",
                        "3 comments",
                        "Advertisement");
    }

    @Test
    void headings_lists_and_quotes_are_kept_but_photo_captions_are_not() {
        String news = Fixtures.extract("news-article").markdown();
        assertThat(news).contains("## Costs and funding", "> We cannot wait for the next storm");
        assertThat(news).doesNotContain("The old sea wall during the storm of January 2024.");
        String blog = Fixtures.extract("blog-jsonld").markdown();
        assertThat(blog).contains("## What I changed", "1. Less starter", "### Timing", "*timing*", "**temperature**");
    }

    @Test
    void tables_become_gfm_tables() {
        String md = Fixtures.extract("docs-page").markdown();
        assertThat(md).containsPattern("\\|\\s+Key\\s+\\|\\s+Type\\s+\\|\\s+Default\\s+\\|\\n\\|-+\\|-+\\|-+\\|");
        assertThat(md).containsPattern("\\| server.port \\| integer \\| 8080 +\\|");
        String specs = Fixtures.extract("product-page").markdown();
        assertThat(specs.lines().filter(l -> l.startsWith("|")).toList().get(1)).matches("\\|-+\\|-+\\|");
    }

    @Test
    void code_becomes_fenced_blocks_with_their_language_and_exact_text() {
        String md = Fixtures.extract("code-tutorial").markdown();
        assertThat(md)
                .contains("```java\ntry (Stream<String> lines = Files.lines(Path.of(\"data.txt\"))) {\n"
                        + "    lines.filter(l -> !l.isBlank())\n         .forEach(System.out::println);\n}\n```");
        assertThat(md).contains("````\nString fence = \"```\";\nSystem.out.println(fence);\n````");
        assertThat(Fixtures.extract("docs-page").markdown()).contains("```yaml\nserver:\n  port: 8080\n");
        assertThat(md).contains("> ```\n> cat data.txt | grep -v '^$'\n> ```");
        assertThat(md).contains("```\nimport java.nio.file.Files;\n// a comment stays\n```");
    }

    @Test
    void links_are_absolute_and_empty_or_dead_links_disappear() {
        String md = Fixtures.extract("links").markdown();
        assertThat(md)
                .contains(
                        "[introduction](https://example.com/guide/intro.html)",
                        "[API reference](https://example.com/reference/api)",
                        "[release notes](https://cdn.example.com/notes.txt)",
                        "[team@example.com](mailto:team@example.com)");
        assertThat(md).contains("the second section, open the menu, and an empty one that should vanish");
        assertThat(md).doesNotContain("](#", "javascript:", "[]", "![", "small.jpg", "/empty");
        Matcher m = Pattern.compile("\\]\\(([^)]*)\\)").matcher(md);
        while (m.find()) assertThat(m.group(1)).matches("(https?|mailto):.*");
    }

    @Test
    void images_leave_no_noise() {
        for (String name : new String[] {"news-article", "product-page", "links"}) {
            assertThat(Fixtures.extract(name).markdown()).doesNotContain("![", ".jpg", "<img");
        }
    }

    @Test
    void words_from_two_blocks_never_run_together() {
        String md = Fixtures.extract("inline-blocks").markdown();
        assertThat(md).contains("ends here.\n\nSecond block", "A paragraph\n", "spans side by side");
        assertThat(md).doesNotContain("here.Second", "paragraphwith", "spansside", "alphabeta", "onecell");
        assertThat(md).contains("| cell one | cell two |");
    }

    @Test
    void the_title_is_kept_in_the_metadata_and_not_in_the_body() {
        ExtractedPage page = Fixtures.extract("news-article");
        assertThat(page.metadata().title()).isEqualTo("Harbour town votes to rebuild its old sea wall");
        assertThat(page.markdown()).doesNotContain("Harbour town votes").doesNotStartWith("#");
        assertThat(Fixtures.extract("docs-page").markdown()).doesNotStartWith("# Configuration");
    }

    @Test
    void opengraph_and_meta_tags_fill_the_metadata() {
        var meta = Fixtures.extract("news-article").metadata();
        assertThat(meta.canonicalUrl()).isEqualTo("https://courier.example/news/sea-wall");
        assertThat(meta.siteName()).isEqualTo("The Coastal Courier");
        assertThat(meta.author()).isEqualTo("Maria Lopez");
        assertThat(meta.published()).isEqualTo("2024-03-05T09:30:00Z");
        assertThat(meta.language()).isEqualTo("en-GB");
        assertThat(meta.description()).isEqualTo("Councillors approved the plan after a long debate.");
    }

    @Test
    void json_ld_fills_the_metadata_and_relative_canonical_urls_become_absolute() {
        var meta = Fixtures.extract("blog-jsonld").metadata();
        assertThat(meta.title()).isEqualTo("Sourdough at altitude");
        assertThat(meta.author()).isEqualTo("Tom Becker");
        assertThat(meta.published()).isEqualTo("2023-11-02T08:00:00+01:00");
        assertThat(meta.siteName()).isEqualTo("Tom's Kitchen Notes");
        assertThat(meta.description()).isEqualTo("What changes when you bake sourdough at 1,800 metres.");
        assertThat(meta.language()).isEqualTo("de");
        assertThat(meta.canonicalUrl()).isEqualTo("https://example.com/blog/sourdough-at-altitude");
    }

    @Test
    void hidden_text_scripts_and_ad_labels_are_removed() {
        String md = Fixtures.extract("hidden-and-ads").markdown();
        assertThat(md).contains("Chaque samedi matin", "Le marché existe depuis 1952", "« Ici, on connaît les gens »");
        assertThat(md)
                .doesNotContain(
                        "Texte caché",
                        "invisible",
                        "Publicité",
                        "trackPageView",
                        "JavaScript",
                        "Abonnez-vous",
                        "Recevez nos articles");
    }

    @Test
    void forum_threads_keep_every_post() {
        String md = Fixtures.extract("forum-thread").markdown();
        assertThat(md).contains("my chain slips", "shark-fin shape", "New cassette fitted");
        assertThat(md).doesNotContain("Log in", "Similar threads", "Privacy policy", "Terms and rules");
    }

    @Test
    void product_pages_keep_description_features_and_specs_but_not_the_shop() {
        String md = Fixtures.extract("product-page").markdown();
        assertThat(md)
                .contains("light, packable rain jacket", "- Breathable three-layer fabric", "100% recycled polyester");
        assertThat(md).doesNotContain("Add to bag", "You may also like", "Cart (0)", "Free returns");
    }

    @Test
    void listings_keep_their_items() {
        String md = Fixtures.extract("listing-page").markdown();
        assertThat(md)
                .contains(
                        "New to clay?",
                        "[Wheel throwing basics](https://example.com/courses/wheel-basics)",
                        "Pinch pots, coils and slabs",
                        "Glazing for beginners");
        assertThat(md).doesNotContain("Sign in", "Imprint");
    }

    @Test
    void docs_pages_drop_sidebar_toc_and_edit_links() {
        String md = Fixtures.extract("docs-page").markdown();
        assertThat(md).contains("Widgetry reads its settings", "A variable always wins over the file.");
        assertThat(md)
                .doesNotContain("Installation", "On this page", "Edit this page", "Skip to main content", "Copyright");
    }

    @Test
    void a_page_without_structure_keeps_all_its_paragraphs() {
        String md = Fixtures.extract("plain-page").markdown();
        assertThat(md.split("\n\n")).hasSize(3);
    }

    @Test
    void one_extractor_serves_pages_from_many_threads() throws Exception {
        ContentExtractor shared = new ContentExtractor();
        String html = Fixtures.html("news-article");
        String expected = shared.extract(html, Fixtures.BASE_URI).markdown();
        var pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            var futures = new java.util.ArrayList<java.util.concurrent.Future<String>>();
            for (int i = 0; i < 16; i++)
                futures.add(pool.submit(
                        () -> shared.extract(html, Fixtures.BASE_URI).markdown()));
            for (var f : futures) assertThat(f.get()).isEqualTo(expected);
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void thematic_breaks_only_separate_content() {
        String html = "<article><hr><p>First paragraph has words, many of them, and enough text to count as prose.</p>"
                + "<hr><hr><p>Second paragraph, also long enough to count as running prose in the page.</p><hr></article>";
        String md = new ContentExtractor().extract(html, Fixtures.BASE_URI).markdown();
        assertThat(md).startsWith("First paragraph").endsWith("in the page.").containsOnlyOnce("---");
    }

    @Test
    void empty_and_broken_html_give_an_empty_body_not_an_error() {
        ContentExtractor extractor = new ContentExtractor();
        assertThat(extractor.extract("", null).markdown()).isEmpty();
        assertThat(extractor
                        .extract("<html><body><div><p>unclosed", "not a uri")
                        .markdown())
                .isEqualTo("unclosed");
    }

    @Test
    void a_line_number_gutter_laid_out_as_its_own_pre_is_dropped_and_the_code_beside_it_kept() {
        String html = "<html><body><article><p>Run this loop to print the numbers from one to ten, one per line.</p>"
                + "<table><tr><td><pre class=\"line-numbers\">1\n2\n3</pre></td>"
                + "<td><pre class=\"code\">for i in range(10):\n    print(i + 1)\n</pre></td></tr></table>"
                + "<p>The loop ends after the tenth number, and the program exits normally.</p></article></body></html>";
        String md = new ContentExtractor().extract(html, Fixtures.BASE_URI).markdown();
        assertThat(md).contains("print(i + 1)").doesNotContain("1\n2\n3");
    }

    @Test
    void a_page_whose_text_the_rules_would_drop_still_gives_its_visible_text() {
        String html =
                "<html><body><div class=\"sidebar\"><p>Opening hours: Monday to Friday, nine to five.</p></div></body></html>";
        String md = new ContentExtractor().extract(html, Fixtures.BASE_URI).markdown();
        assertThat(md).contains("Opening hours: Monday to Friday, nine to five.");
    }
}
