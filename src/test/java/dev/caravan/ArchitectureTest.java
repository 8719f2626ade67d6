package dev.caravan;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The house rules for package boundaries, checked on the compiled main classes: dependencies point inward to
 * {@code model}, each package uses only the packages the table below allows, only the Camel glue knows Camel, no
 * cycles, no {@code java.net.URL}, and the time comes from an injected {@link java.time.Clock}.
 */
class ArchitectureTest {

    private static final String ROOT = "dev.caravan";

    /**
     * Which of Caravan's packages each package may use (besides itself and outside libraries). A package may only use
     * packages listed above it, so the arrows point one way, towards {@code model}. "" is the root package (App,
     * StartupFailure). A package name means that package only, not its sub-packages: a stage that may use {@code
     * extract} sees its face ({@code PageConverter}, {@code ContentExtractor}, {@code PdfText}), not its rooms.
     */
    private static final Map<String, List<String>> MAY_USE = table(
            // package       may use
            "model", List.of(),
            "text", List.of(),
            "fetch.guard", List.of("model"),
            "fetch", List.of("model", "fetch.guard"),
            "search", List.of("model"),
            "cache", List.of("model"),
            // extraction's rooms, each using only the rooms above it; other stages use the face, extract itself
            "extract.dom", List.of("model"),
            "extract.parse", List.of(),
            "extract.meta", List.of("model", "extract.dom"),
            "extract.find", List.of("model", "extract.dom"),
            "extract.clean", List.of("model", "extract.dom", "extract.find"),
            "extract.markdown", List.of("model", "extract.dom"),
            "extract",
                    List.of(
                            "model",
                            "text",
                            "extract.dom",
                            "extract.parse",
                            "extract.meta",
                            "extract.find",
                            "extract.clean",
                            "extract.markdown"),
            "rank", List.of("model", "text"),
            "report", List.of("model", "rank"),
            "answer", List.of("model", "text", "fetch.guard", "search", "rank"),
            "intake", List.of("model"),
            "progress", List.of("model"),
            "messaging", List.of("model"),
            // the Camel glue: may use every stage
            "pipeline",
                    List.of(
                            "model",
                            "text",
                            "fetch.guard",
                            "fetch",
                            "search",
                            "cache",
                            "extract",
                            "rank",
                            "report",
                            "answer",
                            "intake",
                            "progress",
                            "messaging"),
            // the composition root: may use everything
            "config",
                    List.of(
                            "model",
                            "text",
                            "fetch.guard",
                            "fetch",
                            "search",
                            "cache",
                            "extract",
                            "rank",
                            "report",
                            "answer",
                            "intake",
                            "progress",
                            "messaging",
                            "pipeline"),
            "bench",
                    List.of(
                            "model",
                            "text",
                            "fetch.guard",
                            "fetch",
                            "search",
                            "cache",
                            "extract",
                            "rank",
                            "report",
                            "answer",
                            "intake",
                            "progress",
                            "config"),
            "", List.of("model", "progress", "rank", "config"));

    /** The only packages that may use Camel types: the glue, the composition root and the entry point. */
    private static final String[] CAMEL_AWARE = {ROOT + ".pipeline", ROOT + ".config", ROOT};

    /** The composition roots, where the real clock is chosen once ({@code Clock.systemUTC()}). */
    private static final String[] CLOCK_CHOSEN = {ROOT + ".config", ROOT + ".bench"};

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ROOT);

    static Stream<String> packages() {
        return MAY_USE.keySet().stream();
    }

    @ParameterizedTest(name = "dev.caravan.{0}")
    @MethodSource("packages")
    void a_package_uses_only_the_packages_the_table_allows(String pkg) {
        Set<String> allowed = new LinkedHashSet<>();
        allowed.add(name(pkg));
        MAY_USE.get(pkg).forEach(p -> allowed.add(name(p)));
        classes()
                .that()
                .resideInAPackage(name(pkg))
                .should()
                .onlyDependOnClassesThat(
                        resideOutsideOfPackage(ROOT + "..").or(resideInAnyPackage(allowed.toArray(String[]::new))))
                .because("the table in ArchitectureTest allows " + pkg + " to use only " + MAY_USE.get(pkg))
                .check(MAIN);
    }

    @Test
    void the_table_names_every_package_once() {
        Set<String> found = new LinkedHashSet<>();
        MAIN.forEach(c -> found.add(c.getPackageName()));
        Set<String> listed = new LinkedHashSet<>();
        MAY_USE.keySet().forEach(p -> listed.add(name(p)));
        org.assertj.core.api.Assertions.assertThat(found).containsExactlyInAnyOrderElementsOf(listed);
    }

    @Test
    void the_table_points_one_way() {
        List<String> above = new java.util.ArrayList<>();
        MAY_USE.forEach((pkg, uses) -> {
            org.assertj.core.api.Assertions.assertThat(above)
                    .as("what %s may use", pkg)
                    .containsAll(uses);
            above.add(pkg);
        });
    }

    @Test
    void every_package_is_null_marked_in_its_package_info() {
        Set<String> packages = new LinkedHashSet<>();
        MAIN.forEach(c -> packages.add(c.getPackageName()));
        for (String pkg : packages) {
            org.assertj.core.api.Assertions.assertThat(MAIN.getPackage(pkg).isAnnotatedWith(NullMarked.class))
                    .as("%s has a package-info.java with @NullMarked", pkg)
                    .isTrue();
        }
    }

    @Test
    void only_the_glue_the_composition_root_and_the_entry_point_know_camel() {
        noClasses()
                .that()
                .resideOutsideOfPackages(CAMEL_AWARE)
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.apache.camel..")
                .check(MAIN);
    }

    @Test
    void packages_are_free_of_cycles() {
        slices().matching(ROOT + ".(**)").should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void classes_are_free_of_cycles() {
        slices().assignedFrom(EACH_TOP_LEVEL_CLASS).should().beFreeOfCycles().check(MAIN);
    }

    @Test
    void nothing_uses_java_net_url() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .belongToAnyOf(java.net.URL.class)
                .because("java.net.URL resolves host names in equals() and hashCode(); use java.net.URI")
                .check(MAIN);
    }

    @Test
    void the_time_comes_from_an_injected_clock() {
        noClasses()
                .should()
                .callMethodWhere(READS_THE_SYSTEM_CLOCK)
                .because("the time comes from an injected java.time.Clock (System.nanoTime for durations is fine)")
                .check(MAIN);
        noClasses()
                .that()
                .resideOutsideOfPackages(CLOCK_CHOSEN)
                .should()
                .callMethodWhere(CHOOSES_THE_SYSTEM_CLOCK)
                .because("only the composition roots choose the real clock; everything else is handed one")
                .check(MAIN);
    }

    /** {@code Instant.now()}, {@code LocalDate.now(zone)} ... (not {@code now(clock)}) and System.currentTimeMillis. */
    private static final DescribedPredicate<JavaMethodCall> READS_THE_SYSTEM_CLOCK =
            DescribedPredicate.describe("read the system clock", call -> {
                JavaClass owner = call.getTargetOwner();
                String method = call.getName();
                if (owner.isEquivalentTo(System.class)) return method.equals("currentTimeMillis");
                return owner.getPackageName().equals("java.time")
                        && method.equals("now")
                        && call.getTarget().getRawParameterTypes().stream()
                                .noneMatch(t -> t.isEquivalentTo(java.time.Clock.class));
            });

    private static final DescribedPredicate<JavaMethodCall> CHOOSES_THE_SYSTEM_CLOCK = DescribedPredicate.describe(
            "choose the system clock",
            call -> call.getTargetOwner().isEquivalentTo(java.time.Clock.class)
                    && call.getName().startsWith("system"));

    /** Each top-level class is a slice of its own; nested classes belong to theirs. */
    private static final SliceAssignment EACH_TOP_LEVEL_CLASS = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            if (!javaClass.getPackageName().startsWith(ROOT)) return SliceIdentifier.ignore();
            String name = javaClass.getName();
            int nested = name.indexOf('$');
            return SliceIdentifier.of(nested < 0 ? name : name.substring(0, nested));
        }

        @Override
        public String getDescription() {
            return "each top-level class";
        }
    };

    private static String name(String pkg) {
        return pkg.isEmpty() ? ROOT : ROOT + "." + pkg;
    }

    private static Map<String, List<String>> table(Object... rows) {
        Map<String, List<String>> table = new LinkedHashMap<>();
        for (int i = 0; i < rows.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> uses = (List<String>) rows[i + 1];
            table.put((String) rows[i], uses);
        }
        return table;
    }
}
