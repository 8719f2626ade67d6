/**
 * Chooses the passages worth quoting: BM25 over Lucene's English analysis, then an in-process ONNX sentence-embedding
 * model ({@link dev.caravan.rank.PassageRanker}).
 *
 * <p>May depend on {@code model} and {@code text}; no Camel types.
 */
@NullMarked
package dev.caravan.rank;

import org.jspecify.annotations.NullMarked;
