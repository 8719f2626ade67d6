package dev.caravan.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Lets the annotated class, method or constructor use an API that the forbiddenapis check refuses (see
 * {@code src/build/forbidden-signatures.txt}); {@link #value} says why. In {@code model} so every package can use it.
 */
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
public @interface SuppressForbidden {

    /** Why the forbidden API is right here. */
    String value();
}
