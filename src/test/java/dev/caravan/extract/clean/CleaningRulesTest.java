package dev.caravan.extract.clean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.caravan.extract.clean.CleaningRule.Cleaning;
import dev.caravan.model.PageType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;

/** The seam: rules run in the order of their list, take what the one walk shows them, and share one page's state. */
@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class CleaningRulesTest {

    private static Cleaning cleaning(String html) {
        return new Cleaning(Jsoup.parse(html).body(), PageType.ARTICLE, true, null);
    }

    /** A rule that notes its name when it runs, and optionally takes the elements of one tag. */
    private record Noting(String name, List<String> log, String tag, CleaningRule.Take how) implements CleaningRule {

        @Override
        public Take take(Visit v, Cleaning c) {
            return v.tag().equals(tag) ? how : Take.NO;
        }

        @Override
        public void apply(Cleaning c) {
            List<String> taken = new ArrayList<>();
            for (Node n : c.taken(this)) taken.add(n.nodeName() + (n instanceof Element e ? "#" + e.id() : ""));
            log.add(name + taken);
        }
    }

    @Test
    void rules_run_once_each_in_the_order_of_their_list() {
        List<String> log = new ArrayList<>();
        CleaningRules.run(
                List.of(
                        new Noting("first", log, "", CleaningRule.Take.NO),
                        new Noting("second", log, "", CleaningRule.Take.NO),
                        new Noting("third", log, "", CleaningRule.Take.NO)),
                cleaning("<p>Text</p>"));
        assertThat(log).containsExactly("first[]", "second[]", "third[]");
    }

    @Test
    void each_rule_gets_the_nodes_it_took_in_document_order_before_any_rule_ran() {
        List<String> log = new ArrayList<>();
        CleaningRule remover = new CleaningRule() {
            @Override
            public void apply(Cleaning c) {
                c.root().select("p").remove();
            }
        };
        CleaningRules.run(
                List.of(remover, new Noting("paragraphs", log, "p", CleaningRule.Take.YES)),
                cleaning("<p id=a>One</p><div><p id=b>Two</p></div><!-- note -->"));
        assertThat(log).containsExactly("paragraphs[p#a, p#b]"); // taken in the walk, though gone when it ran
    }

    @Test
    void a_node_taken_whole_is_that_rules_alone_and_nothing_inside_it_is_shown_to_any_rule() {
        List<String> log = new ArrayList<>();
        CleaningRules.run(
                List.of(
                        new Noting("paragraphs", log, "p", CleaningRule.Take.YES),
                        new Noting("asides", log, "aside", CleaningRule.Take.WHOLE),
                        new Noting("comments", log, "#comment", CleaningRule.Take.YES)),
                cleaning("<p id=a>One</p><aside id=x><p id=b>Two</p><!-- inside --></aside><!-- outside -->"));
        assertThat(log).containsExactly("paragraphs[p#a]", "asides[aside#x]", "comments[#comment]");
    }

    @Test
    void a_rule_that_weighs_letters_before_they_are_counted_fails_naming_count_letters() {
        CleaningRule weighing = c -> c.counts();
        assertThatThrownBy(() -> CleaningRules.run(List.of(weighing), cleaning("<p>Text</p>")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("CountLetters");
    }

    @Test
    void letters_are_counted_where_count_letters_stands_and_not_again() {
        List<Integer> seen = new ArrayList<>();
        CleaningRule remover = c -> c.root().select("p").first().remove();
        CleaningRule weighing = c -> seen.add(c.total());
        CleaningRules.run(List.of(new CountLetters(), remover, weighing), cleaning("<p>Four</p><div>Five!</div>"));
        assertThat(seen).containsExactly(9);
    }

    @Test
    void a_task_left_for_the_end_runs_after_the_last_rule() {
        List<String> log = new ArrayList<>();
        CleaningRule leaving = c -> c.atEnd(() -> log.add("end"));
        CleaningRule last = c -> log.add("last");
        CleaningRules.run(List.of(leaving, last), cleaning("<p>Text</p>"));
        assertThat(log).containsExactly("last", "end");
    }

    @Test
    void every_rule_class_of_the_package_stands_in_a_list() {
        Set<String> listed = Stream.of(CleaningRules.PAGE, CleaningRules.AROUND_CONTENT, CleaningRules.CONTENT)
                .flatMap(List::stream)
                .map(r -> r.getClass().getName())
                .collect(Collectors.toSet());
        Set<String> rules = new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("dev.caravan.extract.clean")
                        .stream()
                        .filter(c -> c.isAssignableTo(CleaningRule.class) && !c.isInterface())
                        .map(JavaClass::getName)
                        .collect(Collectors.toSet());
        assertThat(rules).hasSizeGreaterThan(20);
        assertThat(listed).containsExactlyInAnyOrderElementsOf(rules);
    }

    @Test
    void no_list_names_a_rule_twice() {
        for (List<CleaningRule> list :
                List.of(CleaningRules.PAGE, CleaningRules.AROUND_CONTENT, CleaningRules.CONTENT)) {
            assertThat(list.stream().map(r -> r.getClass())).doesNotHaveDuplicates();
        }
    }
}
