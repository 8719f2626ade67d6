package dev.caravan.rank;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the ranking chose for one query.
 *
 * @param picks the findings, best first
 * @param pages per page, in the order the pages were given: how relevant it is and its most relevant passage
 */
public record Ranking(List<Pick> picks, List<PageRelevance> pages) {

    public Ranking {
        picks = List.copyOf(picks);
        pages = List.copyOf(pages);
    }

    /**
     * One finding.
     *
     * @param text the passage, verbatim from page {@code page}, then on the next lines what the passage shows after it
     *     ({@code Passage#shows}: what a lead-in introduces, the lines under a comment), if anything
     * @param context what it needs to stand alone (a table's header row, a list's lead-in), or empty; never quoted
     * @param page the page it is quoted from (index into the pages given)
     * @param alsoOn other pages that say the same (near-duplicates merged into this finding)
     * @param relevance 0 to 1
     */
    public record Pick(String text, String context, int page, List<Integer> alsoOn, double relevance) {

        public Pick {
            alsoOn = List.copyOf(alsoOn);
        }
    }

    /**
     * How one page relates to the query.
     *
     * @param relevance its best passage's relevance, 0 to 1; 0 when it has no quotable passage
     * @param relevant whether it reaches the relevance floor (always true when the query has no text)
     * @param bestPassage its most relevant passage, or null when it has none
     */
    public record PageRelevance(
            double relevance, boolean relevant, @Nullable String bestPassage) {}
}
