package dev.caravan.rank;

import dev.caravan.model.Passage;
import dev.caravan.model.TextBlock.Kind;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a question asks for: the kind of answer ({@link AnswerType}), for a quantity what it is measured in
 * ({@link Measure}), and whether it asks what a program printed ({@code output}: "what does the program print", "what
 * error does it show"). A question that names a measure and nothing else ("What share of people ...", "What is the
 * heaviest resistance ...") asks for a quantity.
 */
record Asked(AnswerType type, Measure measure, boolean output) {

    /**
     * Words that ask what a program printed: its output, a message, an error. A question they match in another sense
     * ("how do I show hidden files") only keeps output lines from being held as no answer, as before the rule.
     */
    private static final Pattern ASKS_OUTPUT = Pattern.compile(
            "(?i)\\b(?:print\\w*|output\\w*|return\\w*|show\\w*|display\\w*|log|logs|logged|error\\w*|message\\w*"
                    + "|warning\\w*|respon\\w*|report\\w*|say|says|said|stdout|stderr|exit (?:code|status))\\b");

    /**
     * Text the question quotes in double quotes or backticks ({@code the = in "price = 100"}, {@code the "Too many
     * re-renders" error}): words the user copied from a page or a program, not words that ask for something.
     */
    private static final Pattern QUOTED =
            Pattern.compile("(?<!\\d)\"[^\"]{1,200}\"|“[^”]{1,200}”|`[^`]{1,200}`"); // not 27" (inches)

    /**
     * What {@code query} asks for, from its wording; text it quotes ({@link #QUOTED}) does not count. Measured
     * (answer@5 with the model): see docs/benchmarks.md, "Keyword-style code questions".
     */
    static Asked of(String query) {
        String asking = QUOTED.matcher(query).replaceAll(" ");
        AnswerType type = AnswerType.of(asking);
        Measure measure = Measure.of(asking);
        if (type == AnswerType.ANY && measure != Measure.ANY) type = AnswerType.QUANTITY;
        return new Asked(
                type,
                type == AnswerType.QUANTITY ? measure : Measure.ANY,
                ASKS_OUTPUT.matcher(asking).find());
    }

    /** Whether the question asks for a particular kind of answer. */
    boolean particular() {
        return type != AnswerType.ANY;
    }

    /**
     * Whether {@code passage} holds the kind of answer asked for, in the measure asked for; a line of code holds a
     * quantity in any measure ({@code "merchantReturnDays": 60} answers how many days).
     */
    boolean heldBy(Passage passage, Set<String> queryTerms) {
        return type.heldBy(passage, queryTerms) && (passage.kind() == Kind.CODE || measure.heldBy(passage.text()));
    }
}
