package dev.caravan.testing;

import java.util.List;
import java.util.function.Predicate;

/** The order things came in, as tests check it. */
public final class Ordering {

    private Ordering() {}

    /** True when every item that is {@code first} comes before every item that is not. */
    public static <T> boolean allBefore(List<T> items, Predicate<T> first) {
        boolean others = false;
        for (T item : items) {
            if (!first.test(item)) others = true;
            else if (others) return false;
        }
        return true;
    }
}
