package dev.caravan.rank;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;
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
