package dev.caravan.extract.clean;

import dev.caravan.extract.dom.LetterCounts;
import dev.caravan.model.PageType;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jspecify.annotations.Nullable;

/**
 * One rule of cleaning: removes or rewrites one kind of thing that is not content (a cookie banner, a share link, a
 * repeated caption). Rules run one after another in the order of their list in {@link CleaningRules}, once per page,
 * on the part of the page that list cleans ({@link Cleaning#root()}).
 *
 * <p>Most rules find what they remove themselves ({@code c.root().select(...)}) and only implement {@link
 * #apply}. A rule may instead take its nodes in the one walk over the part that runs before the list's first rule
 * ({@link #take}): cheaper than a search of its own, and it sees the part as it was before any rule ran.
 *
 * <p>A rule serves every page on every thread: it keeps no state in fields (a page's state goes in locals or in
 * {@link Cleaning}).
 */
public interface CleaningRule {

    /** What the walk does with a node it showed a rule. */
    enum Take {
        /** Not this rule's. */
        NO,
        /** Handed to this rule ({@link Cleaning#taken}). */
        YES,
        /** Handed to this rule alone, and nothing inside it is shown to any rule. */
        WHOLE
    }

    /**
     * A node the walk met: an element with its tag and lower-cased {@code role}, or a comment (tag {@code #comment},
     * no role).
     */
    record Visit(Node node, String tag, String role) {

        /** The element visited, or null for a comment. */
        public @Nullable Element element() {
            return node instanceof Element e ? e : null;
        }
    }

    /**
     * Asked for every element and comment below the root, in document order, before any rule of the list runs. The
     * nodes taken are handed to {@link #apply} through {@link Cleaning#taken}. The default takes nothing.
     */
    default Take take(Visit node, Cleaning c) {
        return Take.NO;
    }

    /** Removes or rewrites what this rule recognises in {@code c.root()}. */
    void apply(Cleaning c);

    /**
     * What the rules of one list know while they clean one part of one page: the part ({@link #root()}), the page's type
     * and title, whether class and id names count, the letter counts taken by {@link CountLetters}, and the nodes each
     * rule took in the walk. One per page and list; not thread-safe.
     */
    final class Cleaning {

        private final Element root;
        private final PageType type;
        private final boolean byClass;
        private final @Nullable String title;
        private final Map<CleaningRule, List<Node>> taken = new IdentityHashMap<>();
        private final List<Runnable> atEnd = new ArrayList<>();
        private @Nullable LetterCounts counts;
        private int total;

        Cleaning(Element root, PageType type, boolean byClass, @Nullable String title) {
            this.root = root;
            this.type = type;
            this.byClass = byClass;
            this.title = title;
        }

        /** The part being cleaned: the page's body, the region around the content, or the content. */
        public Element root() {
            return root;
        }

        public PageType type() {
            return type;
        }

        /**
         * False on the lenient pass, taken when class-based cleaning left too little (odd class names): then only tags
         * and roles count, not class and id names.
         */
        public boolean byClass() {
            return byClass;
        }

        /** The page's title from its metadata, or null. */
        public @Nullable String title() {
            return title;
        }

        /** The nodes {@code rule} took in the walk, in document order (some may have gone with an earlier rule's). */
        public List<Node> taken(CleaningRule rule) {
            return taken.getOrDefault(rule, List.of());
        }

        /** As {@link #taken}, for a rule that takes elements only. */
        public List<Element> takenElements(CleaningRule rule) {
            List<Element> elements = new ArrayList<>();
            for (Node n : taken(rule)) elements.add((Element) n);
            return elements;
        }

        /**
         * Letters and link letters of every element of the root as they were when {@link CountLetters} ran: rules after
         * it weigh what they remove against the same counts.
         */
        public LetterCounts counts() {
            if (counts == null)
                throw new IllegalStateException("no letters counted yet: put CountLetters before this rule");
            return counts;
        }

        /** The root's letters when {@link CountLetters} ran, at least 1. */
        public int total() {
            counts();
            return total;
        }

        /** True while no earlier removal has taken {@code e} out of the root along with an ancestor. */
        public boolean isAttached(Element e) {
            for (Element p = e; p != null; p = p.parent()) if (p == root) return true;
            return false;
        }

        /** Runs {@code task} once the last rule of the list has run (to put back something rules in between took). */
        public void atEnd(Runnable task) {
            atEnd.add(task);
        }

        void countLetters() {
            counts = new LetterCounts(root);
            total = Math.max(1, counts.letters(root));
        }

        void take(CleaningRule rule, Node node) {
            taken.computeIfAbsent(rule, r -> new ArrayList<>()).add(node);
        }

        void finish() {
            for (Runnable task : atEnd) task.run();
        }
    }
}
