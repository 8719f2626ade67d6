/**
 * The domain records every stage shares: queries and jobs, search hits, fetch tasks and responses, fetched pages,
 * passages, findings and reports, plus how a failure is told ({@link dev.caravan.model.JobFormatException}, {@link
 * dev.caravan.model.FailureReasons}, {@link dev.caravan.model.LogText}). Helpers that do work (files, URLs) live in
 * {@code files} and {@code web}.
 *
 * <p>Dependencies point inward to this package: it depends on no other Caravan package and on no framework, only the JDK
 * (and JSpecify's annotations).
 */
@NullMarked
package dev.caravan.model;

import org.jspecify.annotations.NullMarked;
