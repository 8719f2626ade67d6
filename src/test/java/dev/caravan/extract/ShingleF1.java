package dev.caravan.extract;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Java port of the scoring in the extraction kit's evaluate.py (the scrapinghub article-extraction-benchmark metric):
 * {@code \w+} tokens (Unicode), 4-gram shingles as multisets, per-page tp/fp/fn normalised to sum 1, precision and
 * recall averaged over pages, F1 of the two means. {@link #stripMarkdown} follows evaluate.py's strip_markdown().
 */
final class ShingleF1 {

    private static final Pattern TOKEN = Pattern.compile("\\w+", Pattern.UNICODE_CHARACTER_CLASS);

    private final List<double[]> pages = new ArrayList<>();

    /** Adds one page: the ground truth and the predicted plain text. */
    void add(String truth, String predicted) {
        pages.add(tpFpFn(truth, predicted));
    }

    double precision() {
        double sum = 0;
        int n = 0;
        for (double[] x : pages) {
            if (x[0] + x[1] <= 0) continue;
            sum += x[1] == 0 && x[2] == 0 ? 1 : x[0] / (x[0] + x[1]);
            n++;
        }
        return n == 0 ? 0 : sum / n;
    }

    double recall() {
        double sum = 0;
        int n = 0;
        for (double[] x : pages) {
            if (x[0] + x[2] <= 0) continue;
            sum += x[1] == 0 && x[2] == 0 ? 1 : x[0] / (x[0] + x[2]);
            n++;
        }
        return n == 0 ? 0 : sum / n;
    }

    double f1() {
        double p = precision();
        double r = recall();
        return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }

    static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(text == null ? "" : text);
        while (m.find()) out.add(m.group());
        return out;
    }

    static Map<List<String>, Integer> shingles(List<String> tokens) {
        Map<List<String>, Integer> counts = new HashMap<>();
        int n = 4;
        for (int i = 0; i < Math.max(1, tokens.size() - n + 1); i++) {
            List<String> s = tokens.subList(i, Math.min(tokens.size(), i + n));
            if (!s.isEmpty()) counts.merge(List.copyOf(s), 1, Integer::sum);
        }
        return counts;
    }

    static double[] tpFpFn(String truth, String predicted) {
        Map<List<String>, Integer> t = shingles(tokens(truth));
        Map<List<String>, Integer> p = shingles(tokens(predicted));
        Set<List<String>> keys = new HashSet<>(t.keySet());
        keys.addAll(p.keySet());
        double tp = 0, fp = 0, fn = 0;
        for (List<String> k : keys) {
            int tc = t.getOrDefault(k, 0);
            int pc = p.getOrDefault(k, 0);
            tp += Math.min(tc, pc);
            fp += Math.max(0, pc - tc);
            fn += Math.max(0, tc - pc);
        }
        double s = tp + fp + fn;
        return s > 0 ? new double[] {tp / s, fp / s, fn / s} : new double[] {tp, fp, fn};
    }

    // ------------------------------------------------------------------ Markdown to plain text, as evaluate.py

    private static final Pattern FENCE = Pattern.compile("(?m)^[ \\t]{0,3}(`{3,}|~{3,}).*$");
    private static final String URL_PART =
            "(?:<[^>]*+>|[^()\\s]*+(?:\\([^()]*+\\)[^()\\s]*+)*+)(?:\\s+(?:\"[^\"]*\"|'[^']*'|\\([^)]*\\)))?\\s*\\)";
    private static final Pattern IMAGE =
            Pattern.compile("!\\[((?:[^\\[\\]\\\\]++|\\\\.|\\[[^\\]]*+\\])*+)\\]\\(" + URL_PART);
    private static final Pattern LINK =
            Pattern.compile("\\[((?:[^\\[\\]\\\\]++|\\\\.|\\[[^\\]]*+\\])*+)\\]\\(" + URL_PART);
    private static final Pattern LINK_DEF = Pattern.compile("(?m)^[ \\t]{0,3}\\[[^\\]]+\\]:[ \\t]*\\S+.*$");
    private static final Pattern AUTOLINK = Pattern.compile("(?i)<((?:https?|ftp|mailto):[^>\\s]+)>");
    private static final Pattern HTML_TAG = Pattern.compile("(?s)</?[A-Za-z][A-Za-z0-9-]*(?:\\s[^<>]*)?/?>|<!--.*?-->");
    private static final Pattern HR = Pattern.compile("(?m)^[ \\t]{0,3}([-*_])(?:[ \\t]*\\1){2,}[ \\t]*$");
    private static final Pattern OL_MARKER = Pattern.compile("(?m)^([ \\t]*(?:>[ \\t]*)*)\\d{1,9}[.)](?=[ \\t]|$)");
    private static final Pattern EMPH_US = Pattern.compile(
            "(?s)(?<![\\w\\\\])(_{1,3})(?=\\S)(.+?)(?<=\\S)\\1(?!\\w)", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern US_EDGE =
            Pattern.compile("(?<![\\w\\\\])_+|(?<=\\w)_+(?!\\w)", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern ESCAPE = Pattern.compile("\\\\([!-/:-@\\[-`{-~])");

    static String stripMarkdown(String md) {
        String t = md.replace("\r\n", "\n").replace('\r', '\n');
        t = FENCE.matcher(t).replaceAll("");
        t = IMAGE.matcher(t).replaceAll("");
        for (int i = 0; i < 2; i++) t = LINK.matcher(t).replaceAll(m -> Matcher.quoteReplacement(m.group(1)));
        t = LINK_DEF.matcher(t).replaceAll("");
        t = AUTOLINK.matcher(t).replaceAll(m -> Matcher.quoteReplacement(m.group(1)));
        t = HTML_TAG.matcher(t).replaceAll(" ");
        t = HR.matcher(t).replaceAll("");
        t = OL_MARKER.matcher(t).replaceAll(m -> Matcher.quoteReplacement(m.group(1)));
        for (int i = 0; i < 2; i++) t = EMPH_US.matcher(t).replaceAll(m -> Matcher.quoteReplacement(m.group(2)));
        t = US_EDGE.matcher(t).replaceAll("");
        t = ESCAPE.matcher(t).replaceAll(m -> Matcher.quoteReplacement(m.group(1)));
        return org.jsoup.parser.Parser.unescapeEntities(t, false);
    }
}
