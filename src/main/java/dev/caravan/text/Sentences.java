package dev.caravan.text;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Splits text into sentences, never across paragraphs. Stateless. */
public final class Sentences {

    /**
     * Ends that are an abbreviation, not a sentence end, when the next word follows: titles, initials ("J. R. R."),
     * "e.g.", "vs.", "approx.", "No. 5".
     */
    private static final Pattern ABBREVIATION = Pattern.compile(
            "(?:^|[\\s(])(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|Gen|Gov|Sen|Rep|Col|Lt|Sgt|Capt|Rev|Fig|No|Nos|Vol|pp|vs|approx|"
                    + "ca|cf|e\\.g|i\\.e|et al|[A-Z])\\.$");

    /**
     * Where a quotation ends and its attribution begins: a closing quotation mark after the quote's last sentence, then
     * a dash ({@code "... 10x performance wins." -- Distinguished engineer}). The break iterator sees one sentence.
     */
    private static final Pattern ATTRIBUTION = Pattern.compile("(?<=[.!?][\"”])\\s+(?=(?:--|—|–|-)\\s*\\S)");

    private Sentences() {}

    /** The sentences of {@code plainText}; line breaks end paragraphs. */
    public static List<String> split(String plainText) {
        List<String> sentences = new ArrayList<>();
        for (String paragraph : plainText.split("\\n\\s*\\n|\\n")) {
            String p = paragraph.strip();
            for (int[] span : spans(p)) sentences.add(p.substring(span[0], span[1]));
        }
        return sentences;
    }

    /** Start and end offsets of each sentence of one paragraph, spaces trimmed, so quotes stay verbatim. */
    public static List<int[]> spans(String paragraph) {
        List<int[]> spans = new ArrayList<>();
        BreakIterator it = BreakIterator.getSentenceInstance(Locale.ROOT);
        it.setText(paragraph);
        int start = it.first();
        for (int end = it.next(); end != BreakIterator.DONE; end = it.next()) {
            int s = start;
            int e = end;
            while (s < e && Character.isWhitespace(paragraph.charAt(s))) s++;
            while (e > s && Character.isWhitespace(paragraph.charAt(e - 1))) e--;
            if (s == e) {
                start = end;
                continue;
            }
            if (end < paragraph.length()
                    && ABBREVIATION.matcher(paragraph.substring(s, e)).find()) continue; // join
            Matcher attribution = ATTRIBUTION.matcher(paragraph).region(s, e);
            if (attribution.find()) { // the quote, then who said it
                spans.add(new int[] {s, attribution.start()});
                spans.add(new int[] {attribution.end(), e});
            } else {
                spans.add(new int[] {s, e});
            }
            start = end;
        }
        return spans;
    }
}
