package dev.caravan.rank;

import dev.caravan.model.Passage;
import dev.caravan.model.TextBlock;
import dev.caravan.model.TextBlock.Kind;
import dev.caravan.text.Sentences;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The quotable passages of a page: its sentences that can stand alone as a finding. Not quotable: headings, code,
 * questions, lead-ins ending in a colon, fragments, calls to action and generic openers. A sentence that leans on the
 * one before it ("It costs $12 a month.") is quoted together with that sentence, verbatim and in order, when both are
 * in one paragraph, and not at all when it opens its paragraph. Stateless.
 */
final class Passages {

    static final int MIN_WORDS = 6;
    static final int MAX_WORDS = 80;
    /** A sentence ending in a colon that is shorter than this only introduces what follows ("Here is how:"). */
    static final int LEAD_IN_WORDS = 12;

    /** Words that make a sentence refer back to the one before it. */
    private static final Pattern LEANS_BACK = Pattern.compile(
            "^[\"“(]?(?:[A-Z][a-z]+, (?:this|that|these|those|it|they)\\b|It|Its|It's|It’s|They|Their|Them|He|His|She|Her|"
                    + "This|That|These|Those|Such|However|But|And|Or|So|Also|Therefore|Thus|Hence|Instead|Otherwise|Similarly|"
                    + "Likewise|Additionally|Moreover|Furthermore|Meanwhile|Still|Yet|Then|Here|There|Both|Neither|Either|"
                    + "The latter|The former|In addition|In contrast|In turn|In fact|As a result|For example|For instance|"
                    + "On the other hand|Even so|Because of this)\\b");
    /** Calls to action and page furniture, not statements about the topic. */
    private static final Pattern CALL_TO_ACTION = Pattern.compile(
            "^(?:Click|Tap|Sign up|Sign in|Log in|Login|Subscribe|"
                    + "Register|Download|Shop|Buy|Order now|Add to|Learn more|Read more|See more|Find out more|Get started|"
                    + "Join|Follow us|Share|Contact us|Call us|Book now|Request a|Check out|Don't miss|Don’t miss|"
                    + "Stay up to date|Get the latest|Sponsored|Advertisement|Copyright|All rights reserved)\\b",
            Pattern.CASE_INSENSITIVE);
    /** Openers that announce content instead of stating it. */
    private static final Pattern GENERIC_OPENER = Pattern.compile(
            "^(?:In this (?:article|post|guide|blog|tutorial|"
                    + "video|section|review)|Welcome to|Thanks? (?:you )?for|We hope|Here's (?:what|how|everything)|"
                    + "Here’s (?:what|how|everything)|Read on|Keep reading|Let's|Let’s|Scroll down|Below,? (?:we|you))\\b",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern ENDS_AS_STATEMENT = Pattern.compile("[.!:][\"'”’)\\]]*$");

    private Passages() {}

    /** Every quotable passage of {@code blocks}, in page order. */
    static List<Passage> of(List<TextBlock> blocks) {
        List<Passage> passages = new ArrayList<>();
        int position = 0;
        String heading = "";
        for (TextBlock block : blocks) {
            if (block.kind() == Kind.HEADING) heading = block.text();
            if (block.kind() == Kind.HEADING || block.kind() == Kind.CODE) continue;
            String text = block.text();
            List<int[]> spans = Sentences.spans(text);
            for (int i = 0; i < spans.size(); i++, position++) {
                String sentence = text.substring(spans.get(i)[0], spans.get(i)[1]);
                if (!LEANS_BACK.matcher(sentence).find()) {
                    if (quotable(sentence, block.kind())) passages.add(new Passage(sentence, heading, position, 0));
                } else if (i > 0) { // else what it leans on is not in this paragraph: not quotable
                    String pair = text.substring(spans.get(i - 1)[0], spans.get(i)[1]);
                    if (quotable(pair, block.kind(), MAX_WORDS + MAX_WORDS / 2)) {
                        passages.add(new Passage(pair, heading, position, 0));
                    }
                }
            }
        }
        return passages;
    }

    static boolean quotable(String s, Kind kind) {
        return quotable(s, kind, MAX_WORDS);
    }

    private static boolean quotable(String s, Kind kind, int maxWords) {
        if (kind == Kind.HEADING || kind == Kind.CODE) return false;
        int words = words(s);
        if (words < MIN_WORDS || words > maxWords) return false;
        if (s.endsWith("?") || s.endsWith("?\"") || s.endsWith("?”")) return false;
        if (s.endsWith(":") && words < LEAD_IN_WORDS) return false;
        char first = s.charAt(0);
        if (!(Character.isUpperCase(first) || Character.isDigit(first) || "\"“‘'($£€".indexOf(first) >= 0))
            return false;
        boolean prose = kind == Kind.PARAGRAPH || kind == Kind.QUOTE;
        if (prose && !ENDS_AS_STATEMENT.matcher(s).find()) return false;
        if (CALL_TO_ACTION.matcher(s).find() || GENERIC_OPENER.matcher(s).find()) return false;
        long letters = s.chars().filter(Character::isLetter).count();
        return letters * 10 >= s.length() * 6L;
    }

    static int words(String s) {
        int n = 0;
        boolean in = false;
        for (int i = 0; i < s.length(); i++) {
            boolean space = Character.isWhitespace(s.charAt(i));
            if (!space && !in) n++;
            in = !space;
        }
        return n;
    }
}
