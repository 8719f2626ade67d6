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

    /** What {@code query} asks for, from its wording. */
    static Asked of(String query) {
        AnswerType type = AnswerType.of(query);
        Measure measure = Measure.of(query);
        if (type == AnswerType.ANY && measure != Measure.ANY) type = AnswerType.QUANTITY;
        return new Asked(
                type,
                type == AnswerType.QUANTITY ? measure : Measure.ANY,
                ASKS_OUTPUT.matcher(query).find());
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
