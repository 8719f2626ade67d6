package dev.caravan.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.Query;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReportNamesTest {

    private static Query urls(String... urls) {
        return new Query(null, null, null, null, null, null, null, null, List.of(urls));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            Heat pumps: are they worth it?  | heat-pumps-are-they-worth-it
            Crème brûlée à Paris            | creme-brulee-a-paris
            ---Rust vs. Go---               | rust-vs-go
            2024 EU AI Act                  | 2024-eu-ai-act
            !!!                             | query
            东京 weather                    | weather
            """)
    void a_slug_is_lower_case_ascii_words_joined_by_dashes(String text, String slug) {
        assertThat(ReportNames.slug(text)).isEqualTo(slug);
    }

    @Test
    void a_long_text_is_cut_to_at_most_60_characters_at_a_word_boundary() {
        String slug = ReportNames.slug(
                "what are the long term effects of intermittent fasting on cardiovascular health in adults");

        assertThat(slug).isEqualTo("what-are-the-long-term-effects-of-intermittent-fasting-on");
        assertThat(slug.length()).isLessThanOrEqualTo(60);
    }

    @Test
    void a_long_word_is_cut_hard_at_60_characters() {
        assertThat(ReportNames.slug("x".repeat(80))).isEqualTo("x".repeat(60));
    }

    @Test
    void slugs_are_unique_within_a_job() {
        List<String> slugs = ReportNames.slugs(List.of(
                Query.of("Heat pumps?"),
                Query.of("heat pumps!"),
                Query.of("Heat-2"),
                Query.of("HEAT PUMPS"),
                Query.of("heat 2")));

        assertThat(slugs).containsExactly("heat-pumps", "heat-pumps-2", "heat-2", "heat-pumps-3", "heat-2-2");
        assertThat(slugs).doesNotHaveDuplicates();
    }

    @Test
    void a_query_that_only_lists_urls_is_named_after_their_hosts() {
        List<String> slugs = ReportNames.slugs(List.of(
                urls("https://www.example.org/a?b", "http://example.com:8080/x", "https://www.example.org/c"),
                urls("https://www.example.org/z")));

        assertThat(slugs).containsExactly("pages-www-example-org-example-com", "pages-www-example-org");
    }

    @Test
    void credentials_in_a_listed_url_never_reach_the_report_name() {
        List<String> slugs = ReportNames.slugs(
                List.of(urls("https://user:pw@example.org/private"), urls("http://admin@intranet.example:8080/")));

        assertThat(slugs)
                .containsExactly("pages-example-org", "pages-intranet-example")
                .noneMatch(slug -> slug.contains("user") || slug.contains("pw") || slug.contains("admin"));
    }

    @Test
    void a_slug_cut_at_its_limit_never_ends_with_a_dash() {
        String slug = ReportNames.slug("a".repeat(59) + " " + "b".repeat(20));

        assertThat(slug).isEqualTo("a".repeat(59)).doesNotEndWith("-");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            queries.txt             | queries
            /in/box/My Research.yaml| My-Research
            C:\\\\jobs\\\\q.json         | q
            archive.tar.json        | archive.tar
            -odd name!.yml          | odd-name
            my job (1).txt          | my-job-1
            report..v2..json        | report..v2
            """)
    void a_job_is_named_after_its_file_made_safe_for_a_folder(String fileName, String name) {
        assertThat(dev.caravan.intake.JobParser.jobName(fileName.strip())).isEqualTo(name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            日本.txt             | 日本
            中国.txt             | 中国
            Crème brûlée.yaml    | Crème-brûlée
            東京 weather.json    | 東京-weather
            ...txt               | job
            ¿¡!.txt              | job
            evil\u202Etxt.exe.json | evil-txt.exe
            """)
    void a_name_that_is_not_a_plain_ascii_slug_keeps_its_letters_and_gets_a_short_hash(
            String fileName, String readable) {
        String name = dev.caravan.intake.JobParser.jobName(fileName.strip());

        assertThat(name).matches(java.util.regex.Pattern.quote(readable) + "-[0-9a-f]{8}");
    }

    @Test
    void names_that_lose_different_characters_get_different_folders() {
        List<String> files = List.of(
                "日本.txt", "中国.txt", "é.txt", "è.txt", "!!.txt", "??.txt", "Ünïcode.txt", "Unïcode.txt", "a\u202eb.txt");

        assertThat(files.stream().map(dev.caravan.intake.JobParser::jobName)).doesNotHaveDuplicates();
    }

    @Test
    void a_long_unicode_name_is_cut_on_a_character_boundary_and_stays_short() {
        String name = dev.caravan.intake.JobParser.jobName("東".repeat(78) + "😀".repeat(30) + ".txt");

        assertThat(name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
                .isLessThanOrEqualTo(100);
        assertThat(new String(
                        name.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo(name);
        assertThat(name).startsWith("東東東").matches(".*-[0-9a-f]{8}");
    }
}
