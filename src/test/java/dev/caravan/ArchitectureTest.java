package dev.caravan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Dependencies point inward: stage packages are plain Java, and only the glue knows Camel. */
class ArchitectureTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/caravan");

    @ParameterizedTest(name = "{0} must not import {1}")
    @CsvSource({
        "model,    dev.caravan.",
        "model,    org.apache.",
        "text,     dev.caravan.",
        "extract,  dev.caravan.fetch",
        "extract,  dev.caravan.search",
        "extract,  dev.caravan.report",
        "extract,  org.apache.camel",
        "fetch,    dev.caravan.search",
        "fetch,    dev.caravan.report",
        "fetch,    org.apache.camel",
        "search,   dev.caravan.fetch",
        "search,   org.apache.camel",
        "report,   dev.caravan.fetch",
        "report,   dev.caravan.search",
        "report,   org.apache.camel",
        "rank,     org.apache.camel",
        "rank,     dev.caravan.report",
        "rank,     dev.caravan.extract",
        "rank,     dev.caravan.fetch",
        "rank,     dev.caravan.search",
        "intake,   org.apache.camel",
        "progress, org.apache.camel",
        "messaging, org.apache.camel"
    })
    void a_package_stays_clear_of_what_it_must_not_know(String pkg, String forbidden) throws IOException {
        String own = "dev.caravan." + pkg + ".";
        try (Stream<Path> files = Files.walk(SOURCES.resolve(pkg))) {
            List<String> offending = files.filter(f -> f.toString().endsWith(".java")).flatMap(f -> imports(f).stream()
                    .filter(i -> i.startsWith(forbidden) && !i.startsWith(own) && !(pkg.equals("model")
                            && i.startsWith("dev.caravan.model."))).map(i -> f.getFileName() + ": " + i)).toList();
            assertThat(offending).isEmpty();
        }
    }

    private static List<String> imports(Path file) {
        try {
            return Files.readAllLines(file).stream().filter(l -> l.startsWith("import "))
                    .map(l -> l.replaceFirst("import (static )?", "").replace(";", "").strip()).toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
