package dev.caravan.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Words for matching sentences to a query: lower-case, light suffix stemming, common words dropped. Stateless. */
final class Terms {

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");
    private static final Set<String> STOP = Set.of(
            "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "does", "for", "from", "has", "have", "how",
            "i", "in", "is", "it", "its", "of", "on", "or", "our", "that", "the", "their", "this", "to", "was",
            "we", "what", "when", "where", "which", "who", "why", "will", "with", "you", "your", "vs", "about");

    private Terms() {}

    /** All stemmed words of {@code text}, in order, stop words included. */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) words.add(stem(m.group()));
        return words;
    }

    /** The distinct content words of {@code text}, stemmed. */
    static Set<String> content(String text) {
        Set<String> terms = new LinkedHashSet<>();
        Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) {
            String w = m.group();
            if (!STOP.contains(w) && (w.length() > 1 || Character.isDigit(w.charAt(0)))) terms.add(stem(w));
        }
        return terms;
    }

    static String stem(String w) {
        if (w.length() > 5 && w.endsWith("ing")) return w.substring(0, w.length() - 3);
        if (w.length() > 4 && w.endsWith("ies")) return w.substring(0, w.length() - 3) + "y";
        if (w.length() > 4 && w.endsWith("ed")) return w.substring(0, w.length() - 2);
        if (w.length() > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.substring(0, w.length() - 1);
        return w;
    }

    static double jaccard(Set<String> a, Set<String> b) {
        if (a.isEmpty() && b.isEmpty()) return 1;
        int common = 0;
        for (String t : a) if (b.contains(t)) common++;
        return (double) common / (a.size() + b.size() - common);
    }
}
