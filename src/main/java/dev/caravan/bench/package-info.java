/**
 * Benchmarks run from the command line ({@code bench/} scripts): the research pipeline without Camel on a stored
 * data set, printing figures.
 *
 * <p>May use the stages and {@code config}; nothing depends on it.
 */
@NullMarked
package dev.caravan.bench;

import org.jspecify.annotations.NullMarked;
