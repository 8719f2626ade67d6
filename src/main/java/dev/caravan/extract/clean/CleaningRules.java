package dev.caravan.extract.clean;

import dev.caravan.extract.clean.CleaningRule.Cleaning;
import dev.caravan.model.PageType;
import java.util.List;
import java.util.Locale;
import org.jsoup.nodes.Comment;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;
import org.jspecify.annotations.Nullable;

/**
 * The cleaning rules in the order they run, in three lists: on the whole page before the content is looked for, on the
 * region around the content of some page types, and inside the chosen content. A new rule is a class implementing
 * {@link CleaningRule} in this package and one line in one of these lists; see docs/architecture.md ("…an extraction
 * rule"). Thread-safe.
 */
public final class CleaningRules {

    private CleaningRules() {}

    /** On the whole page, before the content is looked for: what is never content, wherever it stands. */
    static final List<CleaningRule> PAGE = List.of(
            new StreamedCodeBlocks(), // first: their slots are templates, which go next
            new NeverContent(),
            new Noscripts(),
            new Comments(),
            new CountLetters(), // the rules below weigh what they remove against the page's letters at this point
            new HiddenParts(),
            new Navigation(),
            new FurnitureLandmarks(),
            new LanguageMenus(),
            new NamedFurniture());

    /**
     * On the region the content is taken from, for the page types that need it: what sits beside the content there
     * (reviews beside a product, the controls of a grid, the poster's badges beside each post).
     */
    static final List<CleaningRule> AROUND_CONTENT = List.of(new BesideProduct(), new BesideGrid(), new BesidePosts());

    /** Inside the chosen content: what the page put among its text. */
    static final List<CleaningRule> CONTENT = List.of(
            new RepeatedQuotes(),
            new Counters(),
            new ThreadNotices(),
            new AuthorLines(), // reads each post's author line now, and puts back at the end what the rules below took
            new TitleHeading(),
            new AuthorBoxes(),
            new PhotoCaptions(),
            new CountLetters(), // the two rules below weigh blocks against the content's letters at this point
            new ShortBlocks(),
            new ElsewhereSections(),
            new OrphanHeadings());

    private static final Stage PAGE_STAGE = new Stage(PAGE);
    private static final Stage AROUND_CONTENT_STAGE = new Stage(AROUND_CONTENT);
    private static final Stage CONTENT_STAGE = new Stage(CONTENT);

    /**
     * Cleans the whole page before its content is looked for; with {@code byClass} false (the lenient pass) class and
     * id names do not count, only tags and roles.
     */
    public static void cleanPage(Document doc, PageType type, boolean byClass) {
        PAGE_STAGE.run(new Cleaning(doc.body(), type, byClass, null));
    }

    /** Cleans the region the content of a page of {@code type} is taken from (a product page's main landmark). */
    public static void cleanAroundContent(Element region, PageType type) {
        AROUND_CONTENT_STAGE.run(new Cleaning(region, type, true, null));
    }

    /** Cleans inside the chosen content; {@code title} is the page's title from its metadata, or null. */
    public static void cleanContent(Element root, @Nullable String title, PageType type) {
        CONTENT_STAGE.run(new Cleaning(root, type, true, title));
    }

    /** Runs {@code rules} in order on {@code c}, as a list of this class runs its own. */
    static void run(List<CleaningRule> rules, Cleaning c) {
        new Stage(rules).run(c);
    }

    /** A list of rules, and those among them that take nodes in the walk (found once). */
    private record Stage(List<CleaningRule> rules, List<CleaningRule> takers) {

        Stage(List<CleaningRule> rules) {
            this(rules, rules.stream().filter(Stage::takes).toList());
        }

        void run(Cleaning c) {
            if (!takers.isEmpty()) walk(c);
            for (CleaningRule rule : rules) rule.apply(c);
            c.finish();
        }

        /** True when {@code rule} overrides {@link CleaningRule#take}: only then is the walk worth taking for it. */
        private static boolean takes(CleaningRule rule) {
            try {
                return rule.getClass()
                                .getMethod("take", CleaningRule.Visit.class, Cleaning.class)
                                .getDeclaringClass()
                        != CleaningRule.class;
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException("CleaningRule.take is gone", e);
            }
        }

        /**
         * One walk over the root (not the root itself), showing every element and comment to every rule that takes,
         * before any rule runs. A node one rule takes whole is handed to that rule alone, and the walk does not go
         * inside it.
         */
        private void walk(Cleaning c) {
            Element root = c.root();
            CleaningRule.Take[] takes = new CleaningRule.Take[takers.size()];
            NodeTraversor.filter(
                    new NodeFilter() {
                        @Override
                        public FilterResult head(Node node, int depth) {
                            CleaningRule.Visit visit;
                            if (node instanceof Comment) visit = new CleaningRule.Visit(node, "#comment", "");
                            else if (node instanceof Element e && e != root) visit = visit(e);
                            else return FilterResult.CONTINUE;
                            boolean whole = false;
                            for (int i = 0; i < takes.length; i++) {
                                takes[i] = takers.get(i).take(visit, c);
                                whole |= takes[i] == CleaningRule.Take.WHOLE;
                            }
                            for (int i = 0; i < takes.length; i++) {
                                if (takes[i] == CleaningRule.Take.WHOLE || !whole && takes[i] == CleaningRule.Take.YES)
                                    c.take(takers.get(i), node);
                            }
                            return whole ? FilterResult.SKIP_ENTIRELY : FilterResult.CONTINUE;
                        }

                        @Override
                        public FilterResult tail(Node node, int depth) {
                            return FilterResult.CONTINUE;
                        }
                    },
                    root);
        }

        private static CleaningRule.Visit visit(Element e) {
            String role = e.hasAttr("role") ? e.attr("role").strip().toLowerCase(Locale.ROOT) : "";
            return new CleaningRule.Visit(e, e.normalName(), role);
        }
    }
}
