package dev.caravan.text;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Splits plain text into sentences, never across paragraphs. Stateless. */
public final class Sentences {

    private Sentences() {}

    public static List<String> split(String plainText) {
        List<String> sentences = new ArrayList<>();
        for (String paragraph : plainText.split("\\n\\s*\\n|\\n")) {
            String p = paragraph.strip();
            if (p.isEmpty()) continue;
            BreakIterator it = BreakIterator.getSentenceInstance(Locale.ROOT);
            it.setText(p);
            int start = it.first();
            for (int end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
                String s = p.substring(start, end).strip();
                if (!s.isEmpty()) sentences.add(s);
            }
        }
        return sentences;
    }
}
