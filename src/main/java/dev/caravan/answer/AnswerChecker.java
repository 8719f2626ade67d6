package dev.caravan.answer;

import dev.caravan.model.Answer;
import dev.caravan.model.Finding;
import dev.caravan.rank.SentenceEncoder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Checks every sentence of a model's answer against the findings it cites, before it is shown:
 *
 * <ol>
 *   <li>(a) {@value Answer#CITED}: it cites at least one finding, and each citation names a finding that was sent;
 *   <li>(b) {@value Answer#FACTS}: every number, date, quantity with its unit, capitalised name and web address in it
 *       is in its cited passages ({@link Facts});
 *   <li>(c) {@value Answer#SIMILAR}: it is close enough in meaning to its cited passages under the sentence-embedding
 *       model (cosine similarity to one passage, or to all of them together, at least {@code minSimilarity}); not run
 *       without a model;
 *   <li>(d) {@value Answer#ENTAILED}, optional: an entailment model says its cited passages entail it.
 * </ol>
 *
 * A sentence that fails any check is dropped, with the first check it failed and why. The checks run on the model's
 * output only, in this process; nothing is fetched. Thread-safe.
 */
public final class AnswerChecker {

    /** Most sentences of one answer that are checked; the rest are dropped as too many. */
    static final int MAX_SENTENCES = 40;

    /** Longest sentence checked; a longer one is dropped. */
    static final int MAX_SENTENCE_CHARS = 1000;

    /** The most characters of one text the embedding model reads (it sees about 256 tokens, about 1000 characters). */
    static final int MAX_ENCODED_CHARS = 1000;

    /** Citation markers the model may have left in its text ({@code [1]}, {@code [2, 3]}, {@code [F1]}). */
    private static final Pattern MARKERS =
            Pattern.compile("\\s*(?<![\\w\\])])\\[(?:F|finding\\s*)?\\d+(?:\\s*,\\s*(?:F)?\\d+)*](?![\\w(\\[])");

    /** One sentence as the model proposed it: its text and the numbers of the findings it cites. */
    public record Proposed(String text, List<Integer> citations) {

        public Proposed {
            citations = List.copyOf(citations);
        }
    }

    /**
     * What the checks said about one sentence.
     *
     * @param text the sentence, citation markers removed
     * @param citations the finding numbers it cites
     * @param cited check (a) passed
     * @param missing the facts check (b) found missing from its passages (empty: passed)
     * @param similarity check (c)'s score, or -1 when not run (no model, or (a) failed)
     * @param entailment check (d)'s probability, or -1 when not run
     * @param failed the first check it failed, or empty when it passed every one that ran
     * @param reason why it failed, or empty
     */
    public record Verdict(
            String text,
            List<Integer> citations,
            boolean cited,
            List<String> missing,
            double similarity,
            double entailment,
            String failed,
            String reason) {

        public boolean kept() {
            return failed.isEmpty();
        }
    }

    private final Optional<SentenceEncoder> encoder;
    private final String encoderName;
    private final double minSimilarity;
    private final Optional<Entailment> entailment;
    private final double minEntailment;

    /**
     * @param encoder the sentence-embedding model of check (c), or empty to skip it
     * @param encoderName its name, for the report (e.g. {@code all-minilm-l6-v2-q}, or {@code none})
     * @param minSimilarity the least cosine similarity check (c) accepts
     * @param entailment the entailment model of check (d), or empty to skip it
     * @param minEntailment the least probability check (d) accepts
     */
    public AnswerChecker(
            Optional<SentenceEncoder> encoder,
            String encoderName,
            double minSimilarity,
            Optional<Entailment> entailment,
            double minEntailment) {
        this.encoder = encoder;
        this.encoderName = encoderName;
        this.minSimilarity = minSimilarity;
        this.entailment = entailment;
        this.minEntailment = minEntailment;
    }

    /** The checks every kept sentence passes, by name. */
    public List<String> checks() {
        List<String> checks = new ArrayList<>(List.of(Answer.CITED, Answer.FACTS));
        encoder.ifPresent(e -> checks.add(Answer.SIMILAR));
        entailment.ifPresent(e -> checks.add(Answer.ENTAILED));
        return checks;
    }

    /** The checks that are not run, each with why. */
    public List<String> notRun() {
        List<String> notRun = new ArrayList<>();
        if (encoder.isEmpty())
            notRun.add(Answer.SIMILAR + ": no sentence-embedding model (research.report.model = " + encoderName + ")");
        if (entailment.isEmpty())
            notRun.add(Answer.ENTAILED + ": no entailment model (research.llm.nli-model is not set)");
        return notRun;
    }

    /** How check (c) is run, for the report: the model and the threshold. */
    public String similarityRule() {
        return encoder.isEmpty()
                ? ""
                : encoderName + ", similarity at least " + String.format(Locale.ROOT, "%.2f", minSimilarity);
    }

    /** The verdict on each sentence, in order; {@code findings} are numbered from 1 as they were sent. */
    public List<Verdict> check(List<Finding> findings, List<Proposed> proposed) {
        return check(findings, proposed, false);
    }

    /**
     * The same; with {@code scoreAll} check (c) is also run on sentences that failed check (b) (for the benchmark's
     * figures of each check alone), else only on those it may still drop.
     */
    public List<Verdict> check(List<Finding> findings, List<Proposed> proposed, boolean scoreAll) {
        List<Verdict> verdicts = new ArrayList<>();
        List<Integer> toScore = new ArrayList<>();
        for (int i = 0; i < proposed.size(); i++) {
            Proposed p = proposed.get(i);
            String text = MARKERS.matcher(p.text()).replaceAll("").strip();
            List<Integer> citations = p.citations().stream().distinct().toList();
            String citeProblem = i >= MAX_SENTENCES
                    ? "one of more than " + MAX_SENTENCES + " sentences"
                    : text.isEmpty()
                            ? "empty"
                            : text.length() > MAX_SENTENCE_CHARS
                                    ? "longer than " + MAX_SENTENCE_CHARS + " characters"
                                    : citationProblem(citations, findings.size());
            if (!citeProblem.isEmpty()) {
                verdicts.add(new Verdict(text, citations, false, List.of(), -1, -1, Answer.CITED, citeProblem));
                continue;
            }
            String passages = passages(findings, citations);
            List<String> missing = Facts.unsupported(text, passages).stream()
                    .map(m -> m.fact() + " (" + m.kind() + ")")
                    .toList();
            verdicts.add(new Verdict(text, citations, true, missing, -1, -1, "", ""));
            if (scoreAll || missing.isEmpty()) toScore.add(verdicts.size() - 1);
        }
        double[] similarity = similarity(findings, verdicts, toScore);
        for (int k = 0; k < toScore.size(); k++) {
            int i = toScore.get(k);
            Verdict v = verdicts.get(i);
            boolean mayPass = v.missing().isEmpty() && (similarity[k] < 0 || similarity[k] >= minSimilarity);
            double entailed = mayPass
                    ? entailment
                            .map(e -> e.probability(passages(findings, v.citations()), v.text()))
                            .orElse(-1.0)
                    : -1.0;
            verdicts.set(i, judged(v, similarity[k], entailed));
        }
        for (int i = 0; i < verdicts.size(); i++) {
            Verdict v = verdicts.get(i);
            if (v.cited() && !v.missing().isEmpty() && !toScore.contains(i)) verdicts.set(i, judged(v, -1, -1));
        }
        return verdicts;
    }

    private Verdict judged(Verdict v, double similarity, double entailed) {
        String failed = "";
        String reason = "";
        if (!v.missing().isEmpty()) {
            failed = Answer.FACTS;
            reason = "not in " + findingsWord(v.citations()) + ": " + String.join(", ", v.missing());
        } else if (similarity >= 0 && similarity < minSimilarity) {
            failed = Answer.SIMILAR;
            reason = String.format(
                    Locale.ROOT,
                    "too far in meaning from %s (similarity %.2f, at least %.2f needed)",
                    findingsWord(v.citations()),
                    similarity,
                    minSimilarity);
        } else if (entailed >= 0 && entailed < minEntailment) {
            failed = Answer.ENTAILED;
            reason = String.format(
                    Locale.ROOT,
                    "not entailed by %s (%.2f, at least %.2f needed)",
                    findingsWord(v.citations()),
                    entailed,
                    minEntailment);
        }
        return new Verdict(v.text(), v.citations(), true, v.missing(), similarity, entailed, failed, reason);
    }

    private static String findingsWord(List<Integer> citations) {
        return (citations.size() == 1 ? "finding " : "findings ")
                + citations.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    private static String citationProblem(List<Integer> citations, int sent) {
        if (citations.isEmpty()) return "cites no finding";
        List<Integer> unknown =
                citations.stream().filter(n -> n < 1 || n > sent).toList();
        if (unknown.isEmpty()) return "";
        return "cites " + findingsWord(unknown) + ", which " + (unknown.size() == 1 ? "was" : "were")
                + " not given (findings 1 to " + sent + " were)";
    }

    /** The cited findings' text and context, one per line. */
    static String passages(List<Finding> findings, List<Integer> citations) {
        StringBuilder b = new StringBuilder();
        for (int n : citations) {
            Finding f = findings.get(n - 1);
            if (b.length() > 0) b.append('\n');
            b.append(f.text());
            if (!f.context().isEmpty()) b.append('\n').append(f.context());
        }
        return b.toString();
    }

    /** Check (c) for the sentences at {@code indexes}: the best cosine to one cited passage or to all of them. */
    private double[] similarity(List<Finding> findings, List<Verdict> verdicts, List<Integer> indexes) {
        double[] scores = new double[indexes.size()];
        java.util.Arrays.fill(scores, -1);
        if (encoder.isEmpty() || indexes.isEmpty()) return scores;
        SentenceEncoder e = encoder.get();
        Map<String, Integer> slot = new LinkedHashMap<>();
        List<String> texts = new ArrayList<>();
        for (int i : indexes) {
            Verdict v = verdicts.get(i);
            slot.computeIfAbsent("s" + i, k -> add(texts, e.passageText(v.text())));
            for (int n : v.citations())
                slot.computeIfAbsent("f" + n, k -> add(texts, e.passageText(passage(findings, n))));
            if (v.citations().size() > 1) {
                String key = "c" + new TreeSet<>(v.citations());
                slot.computeIfAbsent(key, k -> add(texts, e.passageText(passages(findings, v.citations()))));
            }
        }
        float[][] vectors = e.encode(texts);
        for (int k = 0; k < indexes.size(); k++) {
            Verdict v = verdicts.get(indexes.get(k));
            float[] s = vectors[slot.get("s" + indexes.get(k))];
            double best = -1;
            for (int n : v.citations()) best = Math.max(best, dot(s, vectors[slot.get("f" + n)]));
            if (v.citations().size() > 1)
                best = Math.max(best, dot(s, vectors[slot.get("c" + new TreeSet<>(v.citations()))]));
            scores[k] = Math.max(0, best);
        }
        return scores;
    }

    private static String passage(List<Finding> findings, int n) {
        return passages(findings, List.of(n));
    }

    private static int add(List<String> texts, String text) {
        texts.add(text.length() > MAX_ENCODED_CHARS ? text.substring(0, MAX_ENCODED_CHARS) : text);
        return texts.size() - 1;
    }

    private static double dot(float[] a, float[] b) {
        double d = 0;
        for (int i = 0; i < a.length; i++) d += a[i] * b[i];
        return d;
    }

    /**
     * The checked answer: the sentences that passed, each ending with the sources of the findings it cites, and the
     * dropped ones with why.
     */
    public Answer answer(String model, List<Finding> findings, List<Proposed> proposed, Answer.Usage usage) {
        List<Answer.Sentence> kept = new ArrayList<>();
        List<Answer.Dropped> dropped = new ArrayList<>();
        for (Verdict v : check(findings, proposed)) {
            if (!v.kept()) {
                dropped.add(new Answer.Dropped(v.text(), v.citations(), v.failed(), v.reason()));
                continue;
            }
            TreeSet<Integer> sources = new TreeSet<>();
            for (int n : v.citations()) sources.addAll(findings.get(n - 1).citations());
            kept.add(new Answer.Sentence(
                    v.text(),
                    v.citations(),
                    List.copyOf(sources),
                    checks(),
                    Math.round(v.similarity() * 1000) / 1000.0));
        }
        return new Answer(model, kept, dropped, checks(), notRun(), similarityRule(), "", usage);
    }
}
