package dev.caravan.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Walks an exception's cause chain, outermost first, and stops at a cause that repeats (a cycle). Stateless. */
public final class Causes {

    private Causes() {}

    /** The error and its causes, outermost first; empty for null. */
    public static List<Throwable> chain(@Nullable Throwable error) {
        List<Throwable> chain = new ArrayList<>();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Throwable t = error; t != null && seen.add(t); t = t.getCause()) chain.add(t);
        return chain;
    }

    /** The outermost error in the chain that is a {@code type} (a class or an interface). */
    public static <T> Optional<T> find(@Nullable Throwable error, Class<T> type) {
        return chain(error).stream().filter(type::isInstance).map(type::cast).findFirst();
    }

    /** The innermost cause, or the error itself when it has none. */
    public static Throwable root(Throwable error) {
        List<Throwable> chain = chain(error);
        return chain.get(chain.size() - 1);
    }
}
