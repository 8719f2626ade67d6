/**
 * Benchmarks run from the command line ({@code bench/} scripts): the research pipeline without Camel on a stored
 * data set, and extraction alone on a data set of HTML pages ({@code bench/extract.sh}), printing figures.
 *
 * <p>May use the stages and {@code config}; nothing depends on it.
 */
@NullMarked
package dev.caravan.bench;

import org.jspecify.annotations.NullMarked;
