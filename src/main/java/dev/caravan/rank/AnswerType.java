package dev.caravan.rank;

import dev.caravan.model.Passage;
import dev.caravan.model.TextBlock.Kind;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The kind of answer a question asks for, from its wording alone: a command ("which command"), a line of code named
 * by what it is ("which CSS declaration"), a quantity ("how much", "how many", "price"), a time ("when", "which year",
 * "since which version") or a name ("who", "which", "what is ... called"). A passage that holds that kind of thing (a
 * line of code, a number, a date or version, a name the question does not already give) can answer it; one that only
 * restates the question cannot. Stateless.
 */
enum AnswerType {
    QUANTITY,
    TIME,
    NAME,
    /** A command ("which command", "the command that ..."): only a line of code that is no command's output answers. */
    CODE,
    /**
     * A part of a program or a configuration file named as what is asked for ("which CSS declaration", "what location
     * directive", "which response header"): a line of code that is no command's output holds the answer, as for
     * {@link #CODE}, but a passage that is not one may answer as well ("the {@code order} property moves ..."), so it
     * does not lack the kind asked for (not {@link #exclusive}). Measured (answer@5 with the model), on top of stop
     * 39: with "command" alone, forms3 0.500 and forms2 0.771; with the named parts as {@link #CODE} (prose lacking
     * it), forms3 0.556 and forms2 0.792; as this kind, the same; tune, forms and check unchanged (0.880, 0.850,
     * 0.870), and lexical-only forms3 0.222 to 0.278, the rest unchanged. "How do I ..." as this kind too gave forms3
     * 0.583 (Tokio's {@code runtime::Builder::new_current_thread()}) but cost the demo's "How do I make React
     * useEffect run only once on mount?" its answer, a sentence, to lines of code: not kept.
     */
    CODE_LIKELY,
    ANY;

    private static final Pattern ASKS_QUANTITY = Pattern.compile(
            "\\bhow (?:much|many|long|big|large|far|fast|old|tall|deep|short|high|heavy|often|wide|small|hot|cold)\\b"
                    + "|\\b(?:price|prices|cost|costs|fee|fees|rate|rates|size|weight|speed|capacity|percentage|"
                    + "number of|salary|temperature|length|height|duration|timeline|amount)\\b");
    private static final Pattern ASKS_TIME =
            Pattern.compile("\\bwhen\\b|\\bwhat (?:year|date|day|month|time)\\b|\\b(?:which|what) (?:year|version)\\b"
                    + "|\\bsince (?:when|which)\\b");
    private static final Pattern ASKS_NAME = Pattern.compile(
            "\\bwho(?:m|se)?\\b|\\bwhich\\b|\\bwhat (?:is|are|was|were) (?:the )?(?:name|names|title)\\b|\\bcalled\\b"
                    + "|\\bname of\\b|\\bwhat \\w+ (?:does|do|did|is|are|was|were)\\b");

    /** A command, or a one-liner (a command or statement of one line, which code questions ask for by that name). */
    private static final Pattern ASKS_COMMAND = Pattern.compile("\\bcommands?\\b|\\bone-liners?\\b");

    /**
     * A part of a program or a configuration file named as what is asked for: "which" or "what", up to three words,
     * then the noun ("which CSS declaration", "what location directive does the guide use", "what single line do you
     * add"). The words between are no auxiliary or modal verb, subject pronoun or article, nor "of", "type", "kind"
     * ("what should I call my puppy", "what type of entry visa"); a noun followed by "of" is meant in another sense
     * ("which line of credit", "which method of payment"), but for "of code". Looked for after a time and a quantity
     * ("what time should I call", "what entry fee"), which costs a question whose code noun comes with a measure
     * word ("which function returns the length of a list" asks for a quantity). It still takes some everyday
     * questions ("what options do I have for a mortgage", "which properties are for sale"), which is why prose does
     * not lack the kind it asks for.
     */
    private static final Pattern ASKS_CODE_PART = Pattern.compile("\\b(?:which|what)\\s+(?:(?!(?:is|are|was|were|do"
            + "|does|did|should|can|could|would|will|shall|may|might|must|has|have|had|i|you|we|they|he|she|it|the|a|an"
            + "|of|type|kind|sort)\\b)[\\w.'/-]+\\s+){0,3}?(?:statements?|directives?|declarations?|annotations?"
            + "|clauses?|mappings?|snippets?|lines?|entry|entries|calls?|assertions?|settings?|options?|flags?"
            + "|headers?|fields?|property|properties|variables?|arguments?|parameters?|functions?|methods?|keywords?"
            + "|shorthands?)\\b"
            + "(?!\\s+of\\b(?!\\s+code\\b))");

    /** A number: digits, or a number word; a list's own numbering ("23. ") at the start does not count. */
    private static final Pattern NUMBER = Pattern.compile("\\d|(?i)\\b(?:one|two|three|four|five|six"
            + "|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|million|billion"
            + "|dozen|twice|half|once)\\b");

    /** A list's own numbering at the start of an item ("23. ", "4) "). */
    private static final Pattern LIST_NUMBER = Pattern.compile("^\\d{1,3}[.)] ");

    private static final Pattern DATE_OR_VERSION =
            Pattern.compile("\\b(?:1[5-9]\\d\\d|20\\d\\d)\\b|\\b\\d+\\.\\d+(?:\\.\\d+)?\\b"
                    + "|\\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\\.? \\d|\\b\\d{1,2} (?:Jan|Feb|Mar|Apr"
                    + "|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)");
    /** A word that may be a name: one that starts with a capital, or any whole word (read by {@link #mixed}). */
    private static final Pattern NAME_WORD = Pattern.compile("[A-Z][\\w'’&.-]*+|(?<![\\w@/.-])[\\w@/.-]++");

    /**
     * What {@code query} asks for, as its wording asks: a command, else a time, else a quantity, else a named part of
     * a program, else a name; else {@link #ANY}.
     */
    static AnswerType of(String query) {
        String q = query.toLowerCase(Locale.ROOT);
        if (ASKS_COMMAND.matcher(q).find()) return CODE;
        if (ASKS_TIME.matcher(q).find()) return TIME;
        if (ASKS_QUANTITY.matcher(q).find()) return QUANTITY;
        if (ASKS_CODE_PART.matcher(q).find()) return CODE_LIKELY;
        if (ASKS_NAME.matcher(q).find()) return NAME;
        return ANY;
    }

    /**
     * Whether {@code passage} holds this kind of answer: code, or likely code, is a line of code that is not a
     * command's output ({@link CodeLines}); a name, in a line of code, is any word the question does not already
     * give, since code is made of names whatever their case ({@code pub fn is_err_and<F>(self, f: F) -> bool} for
     * "which method checks ..."). Measured (answer@5 with the model, forms2): 0.521 without, 0.562 with (tune, forms
     * and check unchanged).
     * The others as below.
     */
    boolean heldBy(Passage passage, Set<String> queryTerms) {
        if (passage.kind() == Kind.CODE && this == NAME) return !queryTerms.containsAll(Analysis.terms(passage.text()));
        return this == CODE || this == CODE_LIKELY
                ? passage.kind() == Kind.CODE && !passage.output()
                : heldBy(passage.text(), queryTerms);
    }

    /**
     * Whether only a passage that holds this kind of answer can answer: a passage that does not lacks it. Not so for
     * {@link #CODE_LIKELY}, which prose answers too, nor {@link #ANY}.
     */
    boolean exclusive() {
        return this != CODE_LIKELY && this != ANY;
    }

    /**
     * Whether {@code text} holds this kind of answer; {@code queryTerms} are the question's own (analysed) words. A
     * line of code is told by the kind of passage, not its text ({@link #heldBy(Passage, Set)}).
     */
    boolean heldBy(String text, Set<String> queryTerms) {
        return switch (this) {
            case QUANTITY ->
                NUMBER.matcher(LIST_NUMBER.matcher(text).replaceFirst("")).find();
            case TIME -> DATE_OR_VERSION.matcher(text).find();
            case NAME -> holdsNewName(text, queryTerms);
            case CODE, CODE_LIKELY, ANY -> false;
        };
    }

    /**
     * Whether {@code word} has a lowercase letter with a digit, "@" or "/" after it ("gpt-4o", "s3://bucket"): a
     * package, a model, an address. Read in one pass, not by a pattern that a long word of a page could make backtrack.
     */
    private static boolean mixed(String word) {
        boolean lower = false;
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (lower && ((c >= '0' && c <= '9') || c == '@' || c == '/')) return true;
            if (c >= 'a' && c <= 'z') lower = true;
        }
        return false;
    }

    private static boolean holdsNewName(String text, Set<String> queryTerms) {
        var m = NAME_WORD.matcher(text);
        while (m.find()) {
            if (m.start() == 0) continue; // a sentence's first word is capitalised anyway
            String word = m.group();
            if (!Character.isUpperCase(word.charAt(0)) && !mixed(word)) continue;
            Set<String> terms = Analysis.terms(word);
            if (!terms.isEmpty() && !queryTerms.containsAll(terms)) return true;
        }
        return false;
    }
}
