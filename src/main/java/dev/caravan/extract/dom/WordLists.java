package dev.caravan.extract.dom;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * The named word, tag and URL lists of extraction, read once from {@value #RESOURCE}: class and id words of page
 * furniture, tags that are never content, URL path words of each kind of page, and so on. Each list is one key, its
 * words separated by white space, with a comment saying what it is for. Thread-safe.
 */
public final class WordLists {

    /** The resource holding every list, on the class path. */
    public static final String RESOURCE = "/dev/caravan/extract/word-lists.properties";

    private static final Properties LISTS = load();

    private WordLists() {}

    /** The words of list {@code name} as a set, for membership tests. */
    public static Set<String> set(String name) {
        return Set.copyOf(list(name));
    }

    /** The words of list {@code name} in the order written. */
    public static List<String> list(String name) {
        String words = LISTS.getProperty(name);
        if (words == null) throw new IllegalArgumentException("no list '" + name + "' in " + RESOURCE);
        return Arrays.stream(words.strip().split("\\s+"))
                .filter(w -> !w.isEmpty())
                .toList();
    }

    /** The names of every list in the resource. */
    public static Set<String> names() {
        return LISTS.stringPropertyNames();
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = WordLists.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " is missing from the class path");
            try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                p.load(r);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
        return p;
    }
}
