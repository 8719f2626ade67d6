package dev.caravan.search;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.model.DailyCounts;
import dev.caravan.testing.FakeClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The day's credit count survives restarts, and a damaged count never gives the day its budget back. */
class SearchBudgetTest {

    private static final String TODAY = "2025-06-01";
    private static final SearchBudget.Limits LIMITS = new SearchBudget.Limits(100, 100, 10);

    @TempDir
    Path dir;

    private final FakeClock clock = FakeClock.at(TODAY + "T12:34:56Z");

    private Path file() {
        return dir.resolve("search-credits.json");
    }

    private Path saved(String content) throws IOException {
        return Files.writeString(file(), content.replace("TODAY", TODAY), StandardCharsets.UTF_8);
    }

    private SearchBudget budget(DailyCounts.OnCorruptFile onCorrupt) {
        return new SearchBudget(LIMITS, file(), onCorrupt, clock);
    }

    private List<Path> keptAside() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith("search-credits.json.corrupt-"))
                    .toList();
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            empty file             | ``
            truncated              | `{"day":"TODAY","cred`
            not JSON               | `garbage`
            a JSON array           | `[1, 2]`
            credits not a number   | `{"day":"TODAY","credits":"four"}`
            credits missing        | `{"day":"TODAY"}`
            credits a fraction     | `{"day":"TODAY","credits":1.5}`
            credits negative       | `{"day":"TODAY","credits":-3}`
            credits at int max     | `{"day":"TODAY","credits":2147483647}`
            credits beyond an int  | `{"day":"TODAY","credits":99999999999999}`
            credits absurdly high  | `{"day":"TODAY","credits":100000001}`
            day not a date         | `{"day":"tomorrow","credits":0}`
            day in the future      | `{"day":"2025-06-02","credits":0}`
            trailing garbage       | `{"day":"TODAY","credits":0} {"credits":0}`
            """)
    void a_damaged_count_is_kept_aside_with_a_warning_and_the_day_counts_as_spent(String what, String content)
            throws Exception {
        String original = content == null ? "" : content.replace("TODAY", TODAY);
        saved(original);

        SearchBudget budget = budget(DailyCounts.OnCorruptFile.SPENT);
        Optional<String> refused = budget.forJob(null).spend(1);

        assertThat(refused)
                .as("a search after reading: " + what)
                .hasValueSatisfying(reason -> assertThat(reason)
                        .startsWith("not searched: ")
                        .contains("search-credits.json.corrupt-20250601T123456Z")
                        .contains("research.budget.credits-on-corrupt-file"));
        assertThat(keptAside()).hasSize(1);
        assertThat(Files.readString(keptAside().get(0))).isEqualTo(original);
        assertThat(budget.startupWarning())
                .hasValueSatisfying(w -> assertThat(w)
                        .contains(file().getFileName().toString())
                        .contains("kept as search-credits.json.corrupt-20250601T123456Z")
                        .contains("counts as spent"));
        assertThat(budget(DailyCounts.OnCorruptFile.SPENT).forJob(null).spend(1))
                .as("after another restart the day is still spent")
                .isPresent();
    }

    @Test
    void with_reset_a_damaged_count_is_kept_aside_and_the_day_counts_from_zero() throws Exception {
        saved("{\"day\":\"TODAY\",\"credits\":\"x\"}");

        SearchBudget budget = budget(DailyCounts.OnCorruptFile.RESET);

        assertThat(budget.forJob(null).spend(1)).isEmpty();
        assertThat(budget.usedToday()).isEqualTo(1);
        assertThat(keptAside()).hasSize(1);
        assertThat(budget.startupWarning())
                .hasValueSatisfying(w -> assertThat(w).contains("counted from 0"));
    }

    @Test
    void a_count_near_the_largest_int_is_never_wrapped_into_a_negative_one() throws Exception {
        saved("{\"day\":\"TODAY\",\"credits\":2147483647}");

        SearchBudget budget = budget(DailyCounts.OnCorruptFile.RESET);
        budget.forJob(null).spend(1);

        assertThat(Files.readString(file())).doesNotContain("\"credits\":-");
        assertThat(budget.usedToday()).isBetween(0, LIMITS.creditsPerDay());
    }

    @ParameterizedTest(name = "{0} -> {1} used")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            `{"day":"TODAY","credits":4}`      | 4
            `{"day":"2025-05-31","credits":9}` | 0
            `{"day":"TODAY","credits":10}`     | 10
            `{"day":"TODAY","credits":500}`    | 500
            """)
    void a_sound_count_is_read_back_and_nothing_is_kept_aside(String content, int used) throws Exception {
        saved(content);

        SearchBudget budget = budget(DailyCounts.OnCorruptFile.SPENT);

        assertThat(budget.usedToday()).isEqualTo(used);
        assertThat(budget.startupWarning()).isEmpty();
        assertThat(keptAside()).isEmpty();
    }

    @Test
    void no_file_yet_means_nothing_spent_today() {
        SearchBudget budget = budget(DailyCounts.OnCorruptFile.SPENT);

        assertThat(budget.usedToday()).isZero();
        assertThat(budget.startupWarning()).isEmpty();
    }
}
