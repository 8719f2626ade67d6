package dev.caravan.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.model.ModelCamelContext;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every route file is read by Camel's YAML DSL on its own, without starting anything, so a misspelt key (a step, an
 * option of a step) fails the build with the file's name, not only when a route test happens to start that route.
 */
class RouteFilesTest {

    private static final Path ROUTES = Path.of("routes");

    static Stream<Path> routeFiles() throws IOException {
        try (Stream<Path> files = Files.list(ROUTES)) {
            return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    private static ModelCamelContext load(String name, String yaml) throws Exception {
        DefaultCamelContext context = new DefaultCamelContext(false);
        context.getPropertiesComponent().setIgnoreMissingLocation(true);
        context.build();
        org.apache.camel.support.PluginHelper.getRoutesLoader(context)
                .loadRoutes(ResourceHelper.fromString(name, yaml));
        return context;
    }

    @ParameterizedTest(name = "{0} is read without an unknown key")
    @MethodSource("routeFiles")
    void every_route_file_is_read_by_the_yaml_dsl_and_every_route_has_an_id(Path file) throws Exception {
        try (ModelCamelContext context = load(file.getFileName().toString(), Files.readString(file))) {
            List<RouteDefinition> routes = context.getRouteDefinitions();

            assertThat(routes)
                    .allSatisfy(route -> assertThat(route.hasCustomIdAssigned())
                            .as("route from %s has an id", route.getInput())
                            .isTrue());
        }
    }

    @Test
    void a_misspelt_key_in_a_route_fails_naming_it() {
        String misspelt = """
                - route:
                    id: misspelt
                    from:
                      uri: direct:misspelt
                      steps:
                        - log:
                            mesage: "hello"
                """;

        assertThatThrownBy(() -> load("misspelt.yaml", misspelt)).hasStackTraceContaining("mesage");
    }
}
