package dev.caravan.answer;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tartarus.snowball.ext.EnglishStemmer;

/**
 * The checkable facts of a text, for check (b): its numbers (with their unit when they have one: {@code $1,200},
 * {@code 20 %}, {@code 5 kg}), its dates, its capitalised names and its web addresses. A sentence's facts must each
 * be in its cited passages: {@code $1,200} is not supported by a passage that says {@code $1,000}, {@code 2021} not by
 * one that says {@code 2012}, {@code Google} not by one that says {@code Microsoft}.
 *
 * <p>Numbers are compared by value, so {@code 1,200}, {@code 1200} and {@code 1.2 thousand} are one number, and a
 * passage's number words count ({@code twenty percent} supports {@code 20%}). Dates are compared by their year, month
 * and day, whichever the sentence gives ({@code March 2021} is supported by {@code 2021-03-05}). Names are compared
 * whole, ignoring case. Stateless and thread-safe.
 */
final class Facts {

    /** A fact of the sentence that its passages do not hold. */
    record Missing(String fact, String kind) {}

    private static final Map<String, Integer> MONTHS = Map.ofEntries(
            Map.entry("january", 1),
            Map.entry("jan", 1),
            Map.entry("february", 2),
            Map.entry("feb", 2),
            Map.entry("march", 3),
            Map.entry("mar", 3),
            Map.entry("april", 4),
            Map.entry("apr", 4),
            Map.entry("may", 5),
            Map.entry("june", 6),
            Map.entry("jun", 6),
            Map.entry("july", 7),
            Map.entry("jul", 7),
            Map.entry("august", 8),
            Map.entry("aug", 8),
            Map.entry("september", 9),
            Map.entry("sep", 9),
            Map.entry("sept", 9),
            Map.entry("october", 10),
            Map.entry("oct", 10),
            Map.entry("november", 11),
            Map.entry("nov", 11),
            Map.entry("december", 12),
            Map.entry("dec", 12));

    private static final String MONTH = "(?:January|February|March|April|May|June|July|August|September|October"
            + "|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\\.?";

    private static final Pattern ISO_DATE = Pattern.compile("(?<![\\d.])(\\d{4})-(\\d{1,2})-(\\d{1,2})(?![\\d])");
    private static final Pattern MONTH_DAY_YEAR =
            Pattern.compile("\\b(" + MONTH + ")\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?(?![\\d])");
    private static final Pattern DAY_MONTH_YEAR = Pattern.compile(
            "(?<![\\d.])(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(" + MONTH + ")(?:,?\\s+(\\d{4}))?\\b");
    private static final Pattern MONTH_YEAR = Pattern.compile("\\b(" + MONTH + "),?\\s+(\\d{4})(?![\\d])");

    private static final Pattern URL =
            Pattern.compile("(?i)\\b(?:https?://|www\\.)[^\\s<>\"')\\]]+|\\b[a-z0-9][a-z0-9-]*(?:\\.[a-z0-9-]+)*"
                    + "\\.(?:com|org|net|io|dev|ai|gov|edu|co|uk|de|fr|info|biz|app|example|test|xyz|me|us|eu)\\b"
                    + "(?:/[^\\s<>\"')\\]]*)?");

    /** A number: digits with thousands separators or decimals, a currency sign in front, a suffix after. */
    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.,])([$€£¥])?\\s?(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?"
            + "|\\d+(?:\\.\\d+)?)(?:(st|nd|rd|th)\\b)?(\\s?%)?(?:(k|m|bn|b)\\b)?"
            + "(?:\\s+(thousand|million|billion|trillion))?(?![\\w])");

    private static final Pattern WORD =
            Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}'’.\\-]*[\\p{L}\\p{N}]|[\\p{L}\\p{N}]");

    private static final Map<String, Integer> NUMBER_WORDS = Map.ofEntries(
            Map.entry("one", 1),
            Map.entry("two", 2),
            Map.entry("three", 3),
            Map.entry("four", 4),
            Map.entry("five", 5),
            Map.entry("six", 6),
            Map.entry("seven", 7),
            Map.entry("eight", 8),
            Map.entry("nine", 9),
            Map.entry("ten", 10),
            Map.entry("eleven", 11),
            Map.entry("twelve", 12),
            Map.entry("thirteen", 13),
            Map.entry("fourteen", 14),
            Map.entry("fifteen", 15),
            Map.entry("sixteen", 16),
            Map.entry("seventeen", 17),
            Map.entry("eighteen", 18),
            Map.entry("nineteen", 19),
            Map.entry("twenty", 20),
            Map.entry("thirty", 30),
            Map.entry("forty", 40),
            Map.entry("fifty", 50),
            Map.entry("sixty", 60),
            Map.entry("seventy", 70),
            Map.entry("eighty", 80),
            Map.entry("ninety", 90),
            Map.entry("dozen", 12));

    private static final Map<String, Long> SCALES = Map.of(
            "hundred", 100L,
            "thousand", 1_000L,
            "k", 1_000L,
            "million", 1_000_000L,
            "m", 1_000_000L,
            "billion", 1_000_000_000L,
            "bn", 1_000_000_000L,
            "b", 1_000_000_000L,
            "trillion", 1_000_000_000_000L);

    /** Unit words and signs, each to one canonical unit. */
    private static final Map<String, String> UNITS = units();

    /** Words that may start a sentence without being a name. */
    private static final Set<String> COMMON_STARTS = Set.of(
            "a",
            "an",
            "the",
            "this",
            "that",
            "these",
            "those",
            "it",
            "its",
            "they",
            "their",
            "there",
            "here",
            "he",
            "she",
            "we",
            "you",
            "i",
            "in",
            "on",
            "at",
            "for",
            "from",
            "by",
            "with",
            "without",
            "to",
            "of",
            "as",
            "if",
            "when",
            "while",
            "where",
            "which",
            "who",
            "what",
            "how",
            "why",
            "and",
            "but",
            "or",
            "so",
            "yet",
            "also",
            "both",
            "each",
            "every",
            "all",
            "any",
            "some",
            "many",
            "most",
            "more",
            "less",
            "few",
            "several",
            "other",
            "another",
            "such",
            "no",
            "not",
            "only",
            "even",
            "however",
            "therefore",
            "thus",
            "instead",
            "overall",
            "typically",
            "generally",
            "usually",
            "often",
            "according",
            "after",
            "before",
            "during",
            "since",
            "until",
            "unlike",
            "like",
            "because",
            "though",
            "whether",
            "then",
            "one",
            "finally",
            "now",
            "yes",
            "per",
            "about",
            "around",
            "over",
            "under",
            "between",
            "among",
            "can",
            "may",
            "must",
            "should",
            "will",
            "would",
            "could",
            "is",
            "are",
            "was",
            "were",
            "do",
            "does",
            "use",
            "using",
            "set",
            "add",
            "run",
            "note",
            "see",
            "sources",
            "source",
            "studies",
            "study",
            "research",
            "experts",
            "reports",
            "report",
            "data",
            "evidence",
            "results",
            "notably",
            "importantly",
            "additionally",
            "furthermore",
            "moreover",
            "specifically",
            "similarly",
            "meanwhile",
            "consequently",
            "together",
            "based",
            "given",
            "depending",
            "compared",
            "still",
            "just",
            "always",
            "never",
            "again",
            "once",
            "within",
            "through",
            "across",
            "along",
            "beyond",
            "toward",
            "towards",
            "users",
            "people",
            "readers",
            "customers",
            "companies",
            "our",
            "your",
            "his",
            "her",
            "them",
            "either",
            "neither",
            "nor",
            "whereas",
            "unless",
            "otherwise",
            "although",
            "despite",
            "regardless",
            "first",
            "next",
            "last",
            "lastly",
            "second",
            "third",
            "today",
            "recently",
            "currently",
            "historically",
            "traditionally",
            "ultimately");

    private Facts() {}

    /** The facts of {@code sentence} that {@code passages} do not hold, in the order they appear; empty when none. */
    static List<Missing> unsupported(String sentence, String passages) {
        Extracted s = extract(sentence, false);
        Extracted p = extract(passages, true);
        List<Missing> missing = new ArrayList<>();
        String lowerPassages = passages.toLowerCase(Locale.ROOT);
        for (String url : s.urls) {
            if (!lowerPassages.contains(url)) missing.add(new Missing(url, "address"));
        }
        for (Date date : s.dates) {
            if (p.dates.stream().noneMatch(date::within) && !byParts(date, p)) {
                missing.add(new Missing(date.text, "date"));
            }
        }
        for (Quantity q : s.numbers) {
            if (!supported(q, p)) missing.add(new Missing(q.text, q.unit.isEmpty() ? "number" : "quantity"));
        }
        for (String name : s.names) {
            if (!p.words.contains(name) && !containsWhole(lowerPassages, name)) missing.add(new Missing(name, "name"));
        }
        swappedName(sentence, passages, p).ifPresent(missing::add);
        Set<String> stems = null;
        for (String opening : s.initials) {
            if (p.words.contains(opening) || containsWhole(lowerPassages, opening)) continue;
            if (stems == null) {
                stems = new HashSet<>();
                for (String w : p.words) stems.add(stem(w));
            }
            if (!stems.contains(stem(opening))) missing.add(new Missing(opening, "name"));
        }
        return missing;
    }

    /**
     * A name swapped in a sentence that is otherwise one cited passage word for word: "Once Co-op Trailmade 60 Pack"
     * for "REI Co-op Trailmade 60 Pack". The words around the change are the passage's, the passage's words that went
     * (at most {@value #MOST_SWAPPED_WORDS}) include a name, and a capitalised word came in that the passages
     * do not have. This catches the swap the name check cannot see: a name that opens the sentence and is also a
     * common opening word. Dropping or adding words (a clause, a hedge, a negation) is not a swap.
     */
    private static java.util.Optional<Missing> swappedName(String sentence, String passages, Extracted p) {
        List<String> said = tokens(sentence);
        for (String line : passages.split("\n")) {
            List<String> source = tokens(line);
            int before = 0;
            while (before < said.size()
                    && before < source.size()
                    && said.get(before).equals(source.get(before))) before++;
            int after = 0;
            while (after < said.size() - before
                    && after < source.size() - before
                    && said.get(said.size() - 1 - after).equals(source.get(source.size() - 1 - after))) after++;
            List<String> came = said.subList(before, said.size() - after);
            List<String> went = source.subList(before, source.size() - after);
            if (came.isEmpty()
                    || went.isEmpty()
                    || came.size() > MOST_SWAPPED_WORDS
                    || went.size() > MOST_SWAPPED_WORDS) continue;
            if (before + after < Math.max(LEAST_KEPT_WORDS, came.size())) continue; // too little kept for a swap
            boolean nameWent = false;
            for (int i = 0; i < went.size(); i++) nameWent |= kind(went.get(i), before + i == 0) != Kind.WORD;
            if (!nameWent) continue;
            for (String w : came) {
                String lower = stripPossessive(w).toLowerCase(Locale.ROOT);
                if (capitalised(w) && !p.words.contains(lower)) return java.util.Optional.of(new Missing(w, "name"));
            }
        }
        return java.util.Optional.empty();
    }

    /** At most this many words changed ... */
    private static final int MOST_SWAPPED_WORDS = 3;
    /** ... and at least this many kept around them (and as many as came in), for a sentence to swap a name. */
    private static final int LEAST_KEPT_WORDS = 2;

    private static boolean capitalised(String word) {
        return !word.isEmpty() && Character.isUpperCase(word.charAt(0));
    }

    private static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        Matcher m = WORD.matcher(text);
        while (m.find()) tokens.add(m.group());
        return tokens;
    }

    /** A date the passages give in another form ("in March of 2021"): its year, month and day are each there. */
    private static boolean byParts(Date date, Extracted passages) {
        return (date.year == 0 || hasNumber(passages, date.year))
                && (date.month == 0 || passages.months.contains(date.month))
                && (date.day == 0 || hasNumber(passages, date.day));
    }

    private static boolean hasNumber(Extracted passages, int n) {
        Quantity wanted = new Quantity(Integer.toString(n), List.of((double) n), "");
        return passages.numbers.stream().anyMatch(wanted::matches);
    }

    /** Units a number must carry in the passage too: money and shares ({@code $1} is not "one seat"). */
    private static final Set<String> STRICT_UNITS = Set.of("usd", "eur", "gbp", "jpy", "percent");

    private static boolean supported(Quantity q, Extracted passages) {
        boolean unitSeen = !STRICT_UNITS.contains(q.unit) && (q.unit.isEmpty() || passages.units.contains(q.unit));
        for (Quantity p : passages.numbers) {
            if (!p.matches(q)) continue;
            if (p.unit.equals(q.unit) || (p.unit.isEmpty() && unitSeen) || q.unit.isEmpty()) return true;
        }
        return false;
    }

    private static boolean containsWhole(String text, String word) {
        int from = 0;
        while (true) {
            int i = text.indexOf(word, from);
            if (i < 0) return false;
            int end = i + word.length();
            boolean before = i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1));
            boolean after = end >= text.length() || !Character.isLetterOrDigit(text.charAt(end));
            if (before && after) return true;
            from = i + 1;
        }
    }

    /** A date as far as the text gives it; 0 for a part it does not give. */
    record Date(String text, int year, int month, int day) {

        /** True when {@code other} has every part this date gives. */
        boolean within(Date other) {
            return (year == 0 || year == other.year)
                    && (month == 0 || month == other.month)
                    && (day == 0 || day == other.day);
        }
    }

    /**
     * A number as written, with the values it may mean and its unit.
     *
     * @param values what it may stand for: a passage's {@code 1.2 million} is 1.2 and 1200000; a sentence's only
     *     1200000
     * @param unit its canonical unit, or empty
     */
    record Quantity(String text, List<Double> values, String unit) {

        boolean matches(Quantity other) {
            for (double a : values)
                for (double b : other.values) if (Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a))) return true;
            return false;
        }
    }

    /** A word's English (Snowball) stem: "installation" and "installing" are one word to an opening word's check. */
    private static String stem(String word) {
        EnglishStemmer stemmer = new EnglishStemmer();
        stemmer.setCurrent(word);
        stemmer.stem();
        return stemmer.getCurrent();
    }

    private record Extracted(
            List<String> urls,
            List<Date> dates,
            List<Quantity> numbers,
            List<String> names,
            List<String> initials,
            Set<String> words,
            Set<String> units,
            Set<Integer> months) {}

    private static Extracted extract(String text, boolean passage) {
        StringBuilder rest = new StringBuilder(text);
        List<String> urls = new ArrayList<>();
        Matcher m = URL.matcher(text);
        while (m.find()) {
            String url = trimUrl(m.group()).toLowerCase(Locale.ROOT);
            if (!url.isEmpty()) urls.add(url);
            blank(rest, m.start(), m.end());
        }
        List<Date> dates = dates(rest);
        List<Quantity> numbers = numbers(rest, passage);
        if (passage) {
            for (Date d : dates) {
                if (d.year != 0) numbers.add(new Quantity(d.text, List.of((double) d.year), ""));
                if (d.day != 0) numbers.add(new Quantity(d.text, List.of((double) d.day), ""));
            }
        }
        String plain = rest.toString();
        Set<Integer> months = new HashSet<>();
        Set<String> words = new HashSet<>();
        Set<String> units = new HashSet<>();
        List<String> names = new ArrayList<>();
        List<String> initials = new ArrayList<>();
        Matcher w = WORD.matcher(plain);
        boolean sentenceStart = true;
        int lastEnd = 0;
        while (w.find()) {
            String between = plain.substring(lastEnd, w.start());
            if (between.matches("(?s).*[.!?]\\s+$") || between.contains("\n")) sentenceStart = true;
            lastEnd = w.end();
            String token = stripPossessive(w.group());
            String lower = token.toLowerCase(Locale.ROOT);
            words.add(lower);
            for (String part : lower.split("[-.]")) if (!part.isEmpty()) words.add(part);
            String unit = UNITS.get(lower);
            if (unit != null) units.add(unit);
            Integer month = MONTHS.get(lower.replace(".", ""));
            if (month != null && monthWord(token)) months.add(month);
            if (!passage) {
                Kind kind = kind(token, sentenceStart);
                if (kind == Kind.NAME) names.add(lower);
                else if (kind == Kind.OPENING) initials.add(lower);
            }
            sentenceStart = false;
        }
        for (Quantity q : numbers) if (!q.unit.isEmpty()) units.add(q.unit);
        return new Extracted(urls, dates, numbers, names, initials, words, units, months);
    }

    private static String trimUrl(String url) {
        String u = url;
        while (!u.isEmpty() && ".,;:!?".indexOf(u.charAt(u.length() - 1)) >= 0) u = u.substring(0, u.length() - 1);
        if (u.endsWith("/")) u = u.substring(0, u.length() - 1);
        return u.replaceFirst("(?i)^https?://", "").replaceFirst("(?i)^www\\.", "");
    }

    private static String stripPossessive(String token) {
        if (token.endsWith("'s") || token.endsWith("’s")) return token.substring(0, token.length() - 2);
        if (token.endsWith("'") || token.endsWith("’")) return token.substring(0, token.length() - 1);
        return token;
    }

    /** What a word is to check (b). */
    private enum Kind {
        /** Not a name. */
        WORD,
        /** A name: checked. */
        NAME,
        /**
         * A capitalised word opening a sentence that is not a common opening word: a name to check, but a word of the
         * passages in another form ("Installation" for "installing") is taken as that word.
         */
        OPENING
    }

    /**
     * A name: a capitalised word not starting a sentence, an acronym, a word with a capital inside (iPhone,
     * camelCase), or a code of letters and digits (5G, H2O, COVID-19).
     */
    private static Kind kind(String token, boolean sentenceStart) {
        if (token.length() < 2) return Kind.WORD;
        boolean capitalInside = false;
        boolean digit = false;
        boolean letter = false;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (i > 0 && Character.isUpperCase(c)) capitalInside = true;
            if (Character.isDigit(c)) digit = true;
            if (Character.isLetter(c)) letter = true;
        }
        if (digit && letter) return Kind.NAME;
        if (!Character.isLetter(token.charAt(0))) return Kind.WORD;
        if (capitalInside) return Kind.NAME;
        String lower = token.toLowerCase(Locale.ROOT);
        String singular = lower.endsWith("s") ? lower.substring(0, lower.length() - 1) : lower;
        if (NUMBER_WORDS.containsKey(singular) || SCALES.containsKey(singular)) return Kind.WORD;
        if (!Character.isUpperCase(token.charAt(0))) return Kind.WORD;
        if (!sentenceStart) return Kind.NAME;
        return COMMON_STARTS.contains(lower) ? Kind.WORD : Kind.OPENING;
    }

    private static List<Date> dates(StringBuilder text) {
        List<Date> dates = new ArrayList<>();
        Matcher m = ISO_DATE.matcher(text);
        while (m.find()) {
            int month = Integer.parseInt(m.group(2));
            int day = Integer.parseInt(m.group(3));
            if (month < 1 || month > 12 || day < 1 || day > 31) continue;
            dates.add(new Date(m.group(), Integer.parseInt(m.group(1)), month, day));
            blank(text, m.start(), m.end());
        }
        m = MONTH_DAY_YEAR.matcher(text);
        while (m.find()) {
            int day = Integer.parseInt(m.group(2));
            if (day < 1 || day > 31 || !monthWord(m.group(1))) continue;
            dates.add(new Date(m.group(), year(m.group(3)), month(m.group(1)), day));
            blank(text, m.start(), m.end());
        }
        m = DAY_MONTH_YEAR.matcher(text);
        while (m.find()) {
            int day = Integer.parseInt(m.group(1));
            if (day < 1 || day > 31 || !monthWord(m.group(2))) continue;
            dates.add(new Date(m.group(), year(m.group(3)), month(m.group(2)), day));
            blank(text, m.start(), m.end());
        }
        m = MONTH_YEAR.matcher(text);
        while (m.find()) {
            if (!monthWord(m.group(1))) continue;
            dates.add(new Date(m.group(), year(m.group(2)), month(m.group(1)), 0));
            blank(text, m.start(), m.end());
        }
        return dates;
    }

    /** "May" is a month only when capitalised (the verb "may" before a number is not a date). */
    private static boolean monthWord(String word) {
        return Character.isUpperCase(word.charAt(0));
    }

    private static int year(String text) {
        return text == null ? 0 : Integer.parseInt(text);
    }

    private static int month(String word) {
        return MONTHS.get(word.replace(".", "").toLowerCase(Locale.ROOT));
    }

    private static List<Quantity> numbers(StringBuilder text, boolean passage) {
        List<Quantity> numbers = new ArrayList<>();
        String t = text.toString();
        Matcher m = NUMBER.matcher(t);
        while (m.find()) {
            double raw = Double.parseDouble(m.group(2).replace(",", ""));
            String scaleWord = m.group(6) != null ? m.group(6) : m.group(5);
            Long scale = scaleWord == null ? null : SCALES.get(scaleWord.toLowerCase(Locale.ROOT));
            String unit = m.group(1) != null ? UNITS.get(m.group(1)) : m.group(4) != null ? "percent" : "";
            String written = m.group().strip();
            if (unit.isEmpty()) {
                Matcher next = NEXT_WORD.matcher(t.substring(m.end(), Math.min(t.length(), m.end() + 24)));
                String after = next.find() ? UNITS.get(next.group(1).toLowerCase(Locale.ROOT)) : null;
                if (after != null) {
                    unit = after;
                    written = written + " " + next.group(1);
                }
            }
            numbers.add(quantity(written, raw, scale, unit, passage));
            blank(text, m.start(), m.end());
        }
        numbers.addAll(numberWords(text.toString(), passage));
        return numbers;
    }

    private static Quantity quantity(String text, double raw, Long scale, String unit, boolean passage) {
        List<Double> values = new ArrayList<>();
        if (scale == null) values.add(raw);
        else {
            values.add(raw * scale);
            if (passage) values.add(raw);
        }
        return new Quantity(text, values, unit);
    }

    private static final Pattern NEXT_WORD = Pattern.compile("^\\s*(?:-\\s*)?([\\p{L}°µ%/][\\p{L}°/²³]*)");

    /** The unit right after a number, if the next word is one. */
    private static Optional<String> unitAfter(String text, int end) {
        Matcher next = NEXT_WORD.matcher(text.substring(end, Math.min(text.length(), end + 24)));
        if (!next.find()) return Optional.empty();
        return Optional.ofNullable(UNITS.get(next.group(1).toLowerCase(Locale.ROOT)));
    }

    private static final Pattern NUMBER_WORD_RUN = Pattern.compile(
            "(?i)\\b(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
                    + "|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
                    + "|dozen|hundred|thousand|million|billion)(?:[\\s-]+(?:and[\\s-]+)?)?)+\\b");

    /**
     * Numbers written as words ({@code twenty-five}, {@code two hundred}). In a sentence "one" alone is not a number
     * (it is a pronoun as often), nor a scale word alone ("hundreds of").
     */
    private static List<Quantity> numberWords(String text, boolean passage) {
        List<Quantity> found = new ArrayList<>();
        Matcher m = NUMBER_WORD_RUN.matcher(text);
        while (m.find()) {
            String run = m.group().strip().replaceAll("[\\s-]+$", "");
            String[] words = run.toLowerCase(Locale.ROOT).split("[\\s-]+");
            long total = 0;
            long current = 0;
            boolean any = false;
            for (String word : words) {
                if (word.equals("and")) continue;
                Integer n = NUMBER_WORDS.get(word);
                if (n != null) {
                    current += n;
                    any = true;
                } else if (word.equals("hundred")) {
                    current = Math.max(1, current) * 100;
                    any = true;
                } else {
                    Long scale = SCALES.get(word);
                    if (scale == null) continue;
                    if (current == 0) {
                        current = 1;
                        if (!passage) continue; // "thousands of", "a million": not a stated number
                    }
                    total += current * scale;
                    current = 0;
                    any = true;
                }
            }
            total += current;
            if (!any || total == 0) continue;
            if (!passage && run.equalsIgnoreCase("one")) continue;
            String unit = unitAfter(text, m.end()).orElse("");
            found.add(new Quantity(run, List.of((double) total), unit));
        }
        return found;
    }

    private static void blank(StringBuilder text, int start, int end) {
        for (int i = start; i < end; i++) text.setCharAt(i, ' ');
    }

    private static Map<String, String> units() {
        Map<String, String> u = new java.util.HashMap<>();
        String[][] groups = {
            {"usd", "$", "dollar", "dollars", "usd", "us$"},
            {"eur", "€", "euro", "euros", "eur"},
            {"gbp", "£", "pound", "pounds", "gbp"},
            {"jpy", "¥", "yen", "jpy"},
            {"percent", "%", "percent", "per cent", "pct", "percentage", "percentages"},
            {"ms", "ms", "millisecond", "milliseconds", "msec"},
            {"s", "s", "sec", "secs", "second", "seconds"},
            {"min", "min", "mins", "minute", "minutes"},
            {"h", "h", "hr", "hrs", "hour", "hours"},
            {"day", "day", "days"},
            {"week", "week", "weeks"},
            {"month", "month", "months"},
            {"year", "year", "years", "yr", "yrs"},
            {"mm", "mm", "millimeter", "millimeters", "millimetre", "millimetres"},
            {"cm", "cm", "centimeter", "centimeters", "centimetre", "centimetres"},
            {"m", "meter", "meters", "metre", "metres"},
            {"km", "km", "kilometer", "kilometers", "kilometre", "kilometres"},
            {"mi", "mi", "mile", "miles"},
            {"ft", "ft", "foot", "feet"},
            {"in", "inch", "inches"},
            {"g", "g", "gram", "grams"},
            {"kg", "kg", "kilogram", "kilograms", "kilo", "kilos"},
            {"lb", "lb", "lbs", "pound-mass"},
            {"t", "tonne", "tonnes", "ton", "tons"},
            {"l", "l", "liter", "liters", "litre", "litres"},
            {"ml", "ml", "milliliter", "milliliters", "millilitre", "millilitres"},
            {"kb", "kb", "kib", "kilobyte", "kilobytes"},
            {"mb", "mb", "mib", "megabyte", "megabytes"},
            {"gb", "gb", "gib", "gigabyte", "gigabytes"},
            {"tb", "tb", "tib", "terabyte", "terabytes"},
            {"w", "w", "watt", "watts"},
            {"kw", "kw", "kilowatt", "kilowatts"},
            {"kwh", "kwh", "kilowatt-hour", "kilowatt-hours"},
            {"v", "v", "volt", "volts"},
            {"hz", "hz", "hertz"},
            {"mhz", "mhz", "megahertz"},
            {"ghz", "ghz", "gigahertz"},
            {"c", "°c", "celsius"},
            {"f", "°f", "fahrenheit"},
            {"degree", "°", "degree", "degrees"},
            {"mph", "mph"},
            {"kmh", "km/h", "kph"},
        };
        for (String[] group : groups) {
            for (int i = 1; i < group.length; i++) u.put(group[i], group[0]);
        }
        return Map.copyOf(u);
    }
}
