package dev.caravan.rank;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a quantity asked for is measured in, from the question's wording: a share ("what percentage", "what share
 * of"), money ("price", "cost", "salary"), a frequency ("how often"), a duration ("how long does", "timeline"), a
 * weight ("how heavy", "weigh", "load") or a length ("how far", "how deep"). A passage answers such a question with a
 * number in that measure: "6 to 12 inches" answers "how far above the plants should grow lights be", "12 to 16 hours
 * a day" or "10 plants" does not. {@link #ANY} when the wording names no measure or is ambiguous ("how many", "how
 * big", "how long should passwords be"): any number will do. The words are general English and units, not a dataset's.
 * Stateless.
 */
enum Measure {
    PERCENT(
            "\\bpercent(?:age)?s?\\b|\\b(?:what|which) (?:share|proportion|fraction)\\b|\\bshare of\\b|\\bhow much of\\b",
            "\\d\\s?%|\\bper ?cent\\b|\\b" + Numbers.ONE + " (?:in|out of) " + Numbers.ONE
                    + "|\\b(?:half|a third|one third|two thirds|a quarter|three quarters|majority|minority)\\b"),
    /**
     * "Save" is money only before "money" or an amount, or after "how much" ("save a file", "save a snapshot", "save
     * on exit" are not; "save on energy bills" is, by "bills").
     */
    MONEY(
            "\\b(?:prices?|priced|pricing|costs?|fees?|salary|salaries|wages?|tuition|bills?|spend|spent|pay|paid"
                    + "|budget|revenue|income|earns?|worth|savings|funding)\\b|\\bhow much money\\b"
                    + "|\\bsave[ds]?\\s+(?:money\\b|(?:up to|about|around|nearly|almost)\\s+[$€£\\d]|[$€£]\\s?\\d"
                    + "|\\d[\\d,.]*\\s?(?:%|percent\\b|k\\b|dollars?\\b|euros?\\b|pounds?\\b))"
                    + "|\\bhow much\\s+(?:\\w+\\s+){0,3}save",
            "[$€£¥₹]\\s?\\d|\\d\\s?(?:k|m|bn)?\\s?(?:usd|eur|gbp|dollars?|euros?|cents?)\\b"),
    DURATION(
            "\\bhow long (?:does|do|did|will|would|can|before|until|after|to|for)\\b"
                    + "|\\b(?:duration|timeline|timeframe|lifespan|battery life|playback|runtime)\\b"
                    + "|\\bhow many (?:seconds|minutes|hours|days|weeks|months|years)\\b",
            Numbers.AMOUNT + "(?:secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|nights?|weeks?|wks?|months?"
                    + "|years?|yrs?|decades?)\\b"),
    FREQUENCY(
            "\\bhow often\\b|\\bhow frequently\\b",
            "\\b(?:once|twice|daily|weekly|monthly|hourly|yearly|annually|nightly|every|each)\\b"
                    + "|\\bper (?:day|week|month|year|hour)\\b|\\b" + Numbers.ONE
                    + "\\s?(?:times|x) (?:a|per|each)\\b"),
    WEIGHT(
            "\\bhow heavy\\b|\\bheav(?:ier|iest)\\b|\\bweigh(?:s|t|ts)?\\b|\\bloads?\\b|\\bmass\\b",
            Numbers.AMOUNT + "(?:lbs?|pounds?|kgs?|kilos?|kilograms?|g|grams?|oz|ounces?|tons?|tonnes?)\\b"),
    LENGTH(
            "\\bhow (?:far|deep|tall|high|wide)\\b|\\b(?:distance|height|depth|width|thickness)\\b",
            Numbers.AMOUNT + "(?:mm|cm|km|inch|inches|ft|foot|feet|yards?|yds?|miles?|meters?|metres?"
                    + "|millimet(?:er|re)s?|centimet(?:er|re)s?|kilomet(?:er|re)s?)\\b|\\d\\s?(?:\"|”|″|in\\.)"),
    ANY("(?!)", "");

    /** The measures in the order they are looked for in a question: the more particular wording first. */
    private static final List<Measure> ASKED = List.of(PERCENT, MONEY, FREQUENCY, DURATION, WEIGHT, LENGTH);

    private final Pattern asks;
    private final Pattern holds;

    Measure(String asks, String holds) {
        this.asks = Pattern.compile(asks);
        this.holds = Pattern.compile(holds, Pattern.CASE_INSENSITIVE);
    }

    /** "How much" or "how many" and the word after it. */
    private static final Pattern HOW_MUCH = Pattern.compile("\\bhow (?:much|many) (\\w+)");

    /** Words after "how much" that leave the thing measured to the rest of the question ("how much does it cost"). */
    private static final Pattern VERB_OR_OF = Pattern.compile(
            "does|do|did|is|are|was|were|will|would|can|could|should|has|have|had|of|more|less|lower|higher");

    /**
     * The measure {@code query} asks for, the first of {@link #ASKED} its wording names, else {@link #ANY}. What
     * follows "how much" or "how many" names the thing measured: "how much celery" asks for an amount of celery, in
     * whatever measure, even in a question about a budget meal plan.
     */
    static Measure of(String query) {
        String q = query.toLowerCase(Locale.ROOT);
        Matcher howMuch = HOW_MUCH.matcher(q);
        if (howMuch.find() && !VERB_OR_OF.matcher(howMuch.group(1)).matches()) q = howMuch.group();
        for (Measure m : ASKED) if (m.asks.matcher(q).find()) return m;
        return ANY;
    }

    /** Whether {@code text} holds a number in this measure; any text does for {@link #ANY}. */
    boolean heldBy(String text) {
        return this == ANY || holds.matcher(text).find();
    }

    /** Patterns of numbers, apart so that the constants above can use them. */
    private static final class Numbers {
        /**
         * A number in digits (from its first digit on, taken whole: no page text can make the patterns backtrack
         * through it) or a small number in words.
         */
        static final String ONE =
                "(?:(?<![\\d.,/])\\d[\\d.,/]*+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
                        + "|fifteen|twenty|thirty|forty|fifty|a hundred|a few|several|a couple of)";
        /** A number or a range of them ("6-12", "6 to 12"), then a space or hyphen before its unit. */
        static final String AMOUNT = "\\b" + ONE + "(?:\\s?(?:-|–|—|to|or)\\s?" + ONE + ")?[\\s-]?";

        private Numbers() {}
    }
}
