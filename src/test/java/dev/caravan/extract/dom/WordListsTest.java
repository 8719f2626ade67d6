package dev.caravan.extract.dom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/** The named lists of extraction: each explained, defined once, without repeats, and used by the code. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class WordListsTest {

    private static final Path FILE = Path.of("src/main/resources" + WordLists.RESOURCE);

    /** The lines of the file that start a list (a key at the start of a line, not a continuation). */
    private static List<String> keyLines() throws IOException {
        List<String> lines = Files.readAllLines(FILE, StandardCharsets.UTF_8);
        List<String> keys = new ArrayList<>();
        boolean continued = false;
        for (String line : lines) {
            if (!continued && !line.isBlank() && !line.startsWith("#") && !Character.isWhitespace(line.charAt(0)))
                keys.add(line);
            continued = !line.startsWith("#") && line.endsWith("\\");
        }
        return keys;
    }

    @Test
    void every_list_has_a_comment_right_above_it() throws IOException {
        List<String> lines = Files.readAllLines(FILE, StandardCharsets.UTF_8);
        for (String key : keyLines()) {
            int at = lines.indexOf(key);
            assertThat(lines.get(at - 1)).as("the line above %s", key).startsWith("#");
        }
    }

    @Test
    void every_list_is_defined_once() throws IOException {
        List<String> names = keyLines().stream()
                .map(l -> l.substring(0, l.indexOf('=')).strip())
                .toList();
        assertThat(names).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(WordLists.names());
    }

    @Test
    void no_list_repeats_a_word() {
        for (String name : WordLists.names()) {
            assertThat(WordLists.list(name)).as(name).isNotEmpty().doesNotHaveDuplicates();
        }
    }

    @Test
    void class_words_are_lower_case_as_the_names_they_are_matched_against() {
        for (String name : WordLists.names()) {
            if (!name.startsWith("class.")) continue;
            for (String word : WordLists.list(name)) assertThat(word).as(name).isEqualTo(word.toLowerCase(Locale.ROOT));
        }
    }

    @Test
    void every_list_is_read_by_the_code() throws IOException {
        StringBuilder code = new StringBuilder();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java/dev/caravan/extract"))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList())
                code.append(Files.readString(f, StandardCharsets.UTF_8));
        }
        for (String name : WordLists.names()) assertThat(code).as(name).contains('"' + name + '"');
    }

    @Test
    void asking_for_a_list_that_is_not_there_fails_naming_it_and_the_file() {
        assertThatThrownBy(() -> WordLists.set("class.no-such-list"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("class.no-such-list")
                .hasMessageContaining("word-lists.properties");
    }
}
