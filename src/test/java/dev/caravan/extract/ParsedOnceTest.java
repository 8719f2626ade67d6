package dev.caravan.extract;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.caravan.extract.parse.HtmlParser;
import java.util.List;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/**
 * A page is parsed once: one call parses it, and the passes that need the page as it was work on copies of the parse
 * (checked on the compiled main classes).
 */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class ParsedOnceTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.caravan");

    private static List<String> callers(Class<?> owner, String method, boolean stringFirst) {
        return MAIN.stream()
                .flatMap(c -> c.getMethodCallsFromSelf().stream())
                .filter(call -> call.getTargetOwner().isEquivalentTo(owner)
                        && call.getName().equals(method))
                .filter(call -> !stringFirst
                        || call.getTarget().getRawParameterTypes().get(0).isEquivalentTo(String.class))
                .map(JavaMethodCall::getOrigin)
                .map(origin -> origin.getOwner().getSimpleName() + "." + origin.getName())
                .toList();
    }

    @Test
    void the_extractor_parses_a_page_at_one_place() {
        assertThat(callers(HtmlParser.class, "parse", false)).containsExactly("ContentExtractor.extract");
    }

    @Test
    void only_the_parser_reads_a_whole_page_with_jsoup() {
        // Jsoup.parse(InputStream, ...) in parse/Decoding reads the first bytes for a charset, not the page
        assertThat(callers(Jsoup.class, "parse", true)).containsExactly("HtmlParser.parse");
    }
}
