package dev.caravan.rank;

import dev.caravan.model.Passage;
import dev.caravan.model.TextBlock;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.WordlistLoader;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.snowball.SnowballFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.util.IOUtils;

/**
 * Words as the lexical ranking sees them: Lucene's {@link EnglishAnalyzer} (possessives, lower case, Porter stemming)
 * with the Snowball project's English stop list, which also drops question words ("how", "which", "does") that
 * carry no topic. One shared analyzer; thread-safe.
 */
final class Analysis {

    static final String FIELD = "text";
    static final Analyzer ANALYZER = new EnglishAnalyzer(snowballStopWords());

    private Analysis() {}

    /** The distinct analysed terms of {@code text}, in order of first appearance. */
    static Set<String> terms(String text) {
        Set<String> terms = new LinkedHashSet<>();
        if (text == null || text.isBlank()) return terms;
        try (TokenStream ts = ANALYZER.tokenStream(FIELD, text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) terms.add(term.toString());
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a string reader does not fail
        }
        return terms;
    }

    /**
     * A compound name of code: words joined by "_" or "." ({@code create_hypertable}, {@code logger.exception}), or
     * run together in camel case ({@code getLogger}, {@code BigAutoField}). Possessive, so it does not backtrack;
     * still, each find may rescan a run of letters, so it is only run on a line of code of at most
     * {@link Passages#CODE_LINE_CHARS} characters.
     */
    private static final Pattern COMPOUND = Pattern.compile("[A-Za-z][A-Za-z0-9]*+(?:[_.][A-Za-z0-9]++)++"
            + "|[a-z]++[A-Z][A-Za-z0-9]*+|[A-Z]?[a-z]++(?:[A-Z][a-z0-9]++)++");

    private static final Pattern JOINER = Pattern.compile("[_.]|(?<=[a-z0-9])(?=[A-Z])");

    /**
     * The text the lexical ranking reads of {@code passage}: a line of code with the words of its compound names
     * after it ({@code SELECT create_hypertable('conditions')} also as "create hypertable"), so that a question in
     * words ("SQL function that turns a table into a hypertable") finds the line that names it. Prose is read as it
     * is: split there, "U.S." and "iPhone" would gain stray words. Measured (answer@5, tune / forms / forms2 / check):
     * with the model 0.880 / 0.850 / 0.750 / 0.870, against 0.880 / 0.850 / 0.729 / 0.870 unsplit; lexical-only 0.730
     * / 0.625 / 0.583 / 0.680, against 0.730 / 0.575 / 0.521 / 0.670. Splitting every passage's words (Lucene's
     * word delimiter filter) lost answers on tune, forms and check.
     */
    static String lexicalText(Passage passage) {
        if (passage.kind() != TextBlock.Kind.CODE || passage.text().length() > Passages.CODE_LINE_CHARS)
            return passage.text();
        StringBuilder words = new StringBuilder(passage.text());
        Matcher name = COMPOUND.matcher(passage.text());
        while (name.find())
            words.append(' ').append(JOINER.matcher(name.group()).replaceAll(" "));
        return words.toString();
    }

    /** The words of a page's source (its title and host name), the host split at its dots and dashes. */
    static Set<String> sourceTerms(String source) {
        return terms(source == null ? "" : source.replaceAll("[./_:?=&#-]+", " "));
    }

    private static CharArraySet snowballStopWords() {
        try (Reader list =
                IOUtils.getDecodingReader(SnowballFilter.class, "english_stop.txt", StandardCharsets.UTF_8)) {
            return WordlistLoader.getSnowballWordSet(list);
        } catch (IOException e) {
            throw new UncheckedIOException("Lucene's english_stop.txt is missing from the classpath", e);
        }
    }
}
